import { useActionData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A `role="alert"` message that answers a post: with JavaScript the page stays where the button was,
 * so the message is brought into view and focused (a screen reader reads it; Tab goes on from it).
 * Without JavaScript the server's page is the answer and the message is rendered near its top.
 */
export function FocusedAlert({
  className = "alert alert-error",
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // A new object for every answer to a post, so a second refusal with the same words is shown again.
  const answer = useActionData();
  useEffect(() => {
    if (answer === undefined || !ref.current) return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: "center" });
  }, [answer]);
  return (
    <div ref={ref} role="alert" tabIndex={-1} className={className}>
      {children}
    </div>
  );
}
