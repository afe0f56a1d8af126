import { Link } from "@remix-run/react";
import { loginUrl } from "~/platform/lib/login-url";

/** What a visitor sees on a members-only screen: the spec's survey wording, and a way back after login. */
export function LoginPrompt({
  redirectTo,
  heading: Heading = "h2",
  message,
}: {
  redirectTo: string;
  /** Shown above the survey wording, as an alert (e.g. the results' 'token not found'). */
  message?: string;
  /** h1 where the prompt is the whole page, h2 under a page heading. */
  heading?: "h1" | "h2";
}) {
  return (
    <section className="card login-prompt" aria-labelledby="login-prompt-heading">
      <Heading id="login-prompt-heading">Hold Up There, Partner</Heading>
      {message ? (
        <p role="alert" className="alert alert-error">
          {message}
        </p>
      ) : null}
      <p>You gotta be logged in to that.</p>
      <Link className="button" to={loginUrl(redirectTo)}>
        Go to Login
      </Link>
    </section>
  );
}
