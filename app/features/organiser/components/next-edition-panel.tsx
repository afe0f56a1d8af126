import { Link } from "@remix-run/react";

/** The way to next year's edition: a confirmation page says what will happen before anything does. */
export function NextEditionPanel() {
  return (
    <section className="card" aria-labelledby="next-edition-panel-heading">
      <h2 id="next-edition-panel-heading">Next edition</h2>
      <p>
        When this year&apos;s weekend is over, start the next one: this edition moves to{" "}
        <Link to="/past-events">Past Events</Link> with its results, and a new survey opens for next year.
      </p>
      <p>
        <Link to="/organiser/next-edition" className="button button-secondary">
          Start the next edition…
        </Link>
      </p>
    </section>
  );
}
