import { Link } from "@remix-run/react";

/** What a visitor sees on a members-only screen: the spec's survey wording, and a way back after login. */
export function LoginPrompt({
  redirectTo,
  heading: Heading = "h2",
}: {
  redirectTo: string;
  /** h1 where the prompt is the whole page, h2 under a page heading. */
  heading?: "h1" | "h2";
}) {
  return (
    <section className="card login-prompt" aria-labelledby="login-prompt-heading">
      <Heading id="login-prompt-heading">Hold Up There, Partner</Heading>
      <p>You gotta be logged in to that.</p>
      <Link className="button" to={`/auth?${new URLSearchParams({ redirect: redirectTo })}`}>
        Go to Login
      </Link>
    </section>
  );
}
