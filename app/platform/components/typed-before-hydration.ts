import { useEffect, useRef, type RefObject } from "react";

/**
 * Whatever was typed before the scripts arrived must not be wiped by the first re-render. A form
 * whose fields React holds in state renders them from the server's values; on a slow phone the
 * member may have typed (or ticked) before React took over, and the next change anywhere would put
 * the server's values back. Once, as React hydrates, `read` gets the form's fields as the browser
 * holds them, to put them in that state.
 */
export function useFieldsAsTyped(form: RefObject<HTMLFormElement>, read: (fields: FormData) => void) {
  const reader = useRef(read);
  useEffect(() => {
    if (form.current) reader.current(new FormData(form.current));
  }, [form]);
}
