import { Link } from "@remix-run/react";

export function Done({ chatUrl }: { chatUrl: string | null }) {
  return (
    <section className="card">
      <h1>Done</h1>
      <p role="alert" className="alert alert-success">
        Survey submitted successfully!
      </p>
      <p>Thanks! See where the group stands, and come say hi in the chat.</p>
      <p className="choices">
        <Link to="/results" className="button">
          See the results
        </Link>
        {chatUrl ? (
          <a href={chatUrl} className="button button-secondary" rel="noopener noreferrer" target="_blank">
            Join the group chat
          </a>
        ) : null}
      </p>
      <p>
        <Link to="/survey/1">Change my answers</Link>
      </p>
    </section>
  );
}

/** What /survey shows a visitor who is not logged in (spec wording). */
export function HoldUp() {
  return (
    <section className="card">
      <h1>Hold Up There, Partner</h1>
      <p>You gotta be logged in to that.</p>
      <p>
        <Link to={`/auth?${new URLSearchParams({ redirect: "/survey" })}`} className="button">
          Go to Login
        </Link>
      </p>
    </section>
  );
}
