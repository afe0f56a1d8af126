import { Form } from "@remix-run/react";
import { KeepSignedIn } from "~/features/accounts/components/keep-signed-in";

/**
 * The one button a mailed link opens: nothing happens on the visit (a mail scanner or a link
 * preview only reads the page); the press signs in.
 */
export function ContinueAs({ name, error }: { name: string; error?: string }) {
  return (
    <>
      <p>
        This link signs you in as <strong className="continue-name">{name}</strong>.
      </p>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      <Form method="post">
        <KeepSignedIn />
        <button type="submit" className="button continue-button">
          Continue as <span className="continue-name">{name}</span>
        </button>
      </Form>
    </>
  );
}
