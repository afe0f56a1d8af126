import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { FormAnswer } from "~/platform/components/form-answer";

/**
 * The confirmation step of a deletion: it names what will go, and a plain form posts it (no
 * JavaScript needed); "Keep it" goes back without changing anything. A deletion that may not happen
 * at all (`refused`) says why and leads back, with no button that could only refuse.
 */
export function ConfirmDeletion({
  headingId,
  className,
  formClassName,
  title,
  refusedTitle = title,
  goes,
  stays = [],
  button,
  intent,
  error,
  refused,
  back,
  children,
}: {
  headingId: string;
  className: string;
  formClassName: string;
  title: string;
  refusedTitle?: string;
  goes: string[];
  /** What the deletion leaves in place or hands back (a member's part of the trip), if anything. */
  stays?: string[];
  button: string;
  /** The form's `intent`, for an action that reads one. */
  intent?: string;
  error?: string;
  /** Why this deletion may not happen at all. */
  refused?: string;
  /** The page the step came from, and its name. */
  back: { to: string; name: string };
  /** Choices posted with the deletion (e.g. what else to delete). */
  children?: ReactNode;
}) {
  const alert = (message?: string) =>
    message ? (
      <p role="alert" className="alert alert-error">
        {message}
      </p>
    ) : null;
  if (refused) {
    return (
      <section className={className} aria-labelledby={headingId}>
        <h1 id={headingId}>{refusedTitle}</h1>
        {alert(refused)}
        <p>
          <Link to={back.to}>Back to {back.name}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className={className} aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      <FormAnswer failure={error ? { error } : undefined} />
      <p>This cannot be undone. What will go:</p>
      <ul>
        {goes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {stays.length ? (
        <>
          <p>What stays, and what is given back:</p>
          <ul>
            {stays.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Form method="post" className={formClassName}>
        {/* A field, not the button's value: the intent goes however the form is sent (Enter too). */}
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        {children}
        <button type="submit" className="button button-danger">
          {button}
        </button>
        <Link to={back.to}>Keep it: back to {back.name}</Link>
      </Form>
    </section>
  );
}
