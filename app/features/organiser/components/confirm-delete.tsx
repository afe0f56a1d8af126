import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";

/**
 * The confirmation step of a destructive organiser action: it names what will go, and a plain form
 * posts the deletion (no JavaScript needed); "Keep it" goes back without changing anything.
 */
export function ConfirmDelete({
  title,
  goes,
  button,
  error,
  back,
  children,
}: {
  /** The organiser page the step came from, and its name. */
  back: { to: string; name: string };
  title: string;
  goes: string[];
  button: string;
  error?: string;
  /** Choices posted with the deletion (e.g. what else to delete). */
  children?: ReactNode;
}) {
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
