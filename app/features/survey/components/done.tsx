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
