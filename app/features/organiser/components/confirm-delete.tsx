import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";

/**
 * The confirmation step of a destructive organiser action: it names what will go, and a plain form
 * posts the deletion (no JavaScript needed); "Keep it" goes back without changing anything. A step
 * that may not be taken at all (`refused`) says why and leads back, with no button that could only
 * refuse.
 */
export function ConfirmDelete({
  title,
  goes,
  button,
  error,
  refused,
  back,
  children,
}: {
  /** The organiser page the step came from, and its name. */
  back: { to: string; name: string };
  title: string;
  goes: string[];
  button: string;
  error?: string;
  /** Why this deletion may not happen at all. */
  refused?: string;
  /** Choices posted with the deletion (e.g. what else to delete). */
  children?: ReactNode;
}) {
  if (refused) {
    return (
      <section className="card confirm-delete" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading">{title}</h1>
        <p role="alert" className="alert alert-error">
          {refused}
        </p>
        <p>
          <Link to={back.to}>Back to {back.name}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="card confirm-delete" aria-labelledby="confirm-heading">
      <h1 id="confirm-heading">{title}</h1>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      <p>This cannot be undone. What will go:</p>
      <ul>
        {goes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Form method="post" className="organiser-form">
        {children}
        <button type="submit" name="intent" value="confirm" className="button button-danger">
          {button}
        </button>
        <Link to={back.to}>Keep it: back to {back.name}</Link>
      </Form>
    </section>
  );
}
