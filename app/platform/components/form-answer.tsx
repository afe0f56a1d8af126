import { Form, useActionData, useLocation, type FormProps } from "@remix-run/react";
import { forwardRef, useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ANSWER_FIELD, type FormFailure } from "~/platform/lib/form-failure";

/**
 * The one way a form answers (docs/decisions/026-one-form-answer.md): its message at the top of the
 * form it belongs to, in view when the answer arrives.
 *
 * - A refusal (`failure`): `role="alert"`, its message; without one, one line per refused field
 *   (each field also says its own message beside it).
 * - A success after post/redirect/get (`note`, the flash of that form): `role="status"`.
 *
 * With JavaScript the page stays where the button was, so the message takes the focus and is
 * scrolled to the middle of the screen (a screen reader reads it; Tab goes on from it). Without it
 * (or before the scripts have arrived) the answer is a new page: the message is rendered with
 * `autofocus`, which the browser honours as the page loads (focus, and the message scrolled to the
 * middle of the screen), and React taking that page over later moves neither.
 */
export function FormAnswer({
  failure,
  note,
  className,
}: {
  failure?: FormFailure<unknown>;
  note?: string | null;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // A new object for every answer to a post (so the same refusal twice is shown again), a new key
  // for every page after a redirect (so the same message twice is too).
  const answer = useActionData();
  const { key } = useLocation();
  const fields = [...new Set(Object.values(failure?.fieldErrors ?? {}))];
  // The refusal's own words, unless they only repeat a field's (said beside it already); a refusal
  // with no words of its own lists its fields (the survey's sections).
  const own = failure?.error && !fields.includes(failure.error) ? failure.error : undefined;
  const error =
    own ??
    (failure?.error ? "Nothing was saved: check what is marked below." : undefined) ??
    (fields.length ? "Please check these answers:" : undefined);
  const shown = Boolean(error || note);
  // The render that takes over the server's page moves nothing: the browser has honoured `autoFocus`
  // already, and a member who has since moved on (typing in a field on a slow phone) keeps the place.
  const hydrated = useHydrated();
  const takingOver = useRef(!hydrated);
  useEffect(() => {
    const tookOver = takingOver.current;
    takingOver.current = false;
    if (tookOver || !shown || !ref.current) return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: "center" });
  }, [shown, answer, key]);
  if (!shown) return null;
  // autofocus only ever marks the answer to the member's own post: the page they asked for is that answer.
  /* eslint-disable jsx-a11y/no-autofocus -- see above */
  return (
    <div
      ref={ref}
      role={error ? "alert" : "status"}
      tabIndex={-1}
      autoFocus
      className={`alert ${error ? "alert-error" : "alert-success"} form-answer ${className ?? ""}`}
    >
      <p className="user-text">{error || note}</p>
      {error && fields.length && !failure?.error ? (
        <ul>
          {fields.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
  /* eslint-enable jsx-a11y/no-autofocus */
}

/**
 * A page form (`<Form method="post">`) with its answer at its top. It posts to no anchor: a redirect
 * keeps the fragment of the URL it answers, so a save's note at the top of the page would open out
 * of view, and a fragment turns the message's `autofocus` off. `FormAnswer` brings the message into
 * view with JavaScript and without.
 */
export const AnswerForm = forwardRef<
  HTMLFormElement,
  Omit<FormProps, "method" | "id"> & {
    id: string;
    failure?: FormFailure<unknown>;
    note?: string | null;
    children: ReactNode;
  }
>(function AnswerForm({ id, failure, note, action, className, children, ...props }, ref) {
  return (
    <Form ref={ref} method="post" id={id} action={action} className={className} {...props}>
      <FormAnswer failure={failure} note={note} />
      {children}
    </Form>
  );
});

/** Names the place (`failure.form`) where this form's answers are shown, when its intent is not it. */
export function AnswersAt({ form }: { form: string }) {
  return <input type="hidden" name={ANSWER_FIELD} value={form} />;
}
