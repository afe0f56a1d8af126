import { Link } from "@remix-run/react";

/** What a visitor sees on a members-only screen: the spec's survey wording, and a way back after login. */
export function LoginPrompt({ redirectTo }: { redirectTo: string }) {
  return (
    <section className="card login-prompt" aria-labelledby="login-prompt-heading">
      <h2 id="login-prompt-heading">Hold Up There, Partner</h2>
      <p>You gotta be logged in to that.</p>
      <Link className="button" to={`/auth?${new URLSearchParams({ redirect: redirectTo })}`}>
        Go to Login
      </Link>
    </section>
  );
}
