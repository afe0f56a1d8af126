import type { SummaryCard } from "~/features/results/lib/results-summary";

/** One respondent on /results-summary: the answers table, availability and the previous edition's block. */
export function RespondentCard({ card }: { card: SummaryCard }) {
  const headingId = `respondent-${card.id}`;
  return (
    <article
      className="card respondent"
      aria-labelledby={headingId}
      data-search={`${card.name}\n${card.email}`.toLowerCase()}
    >
      <h2 id={headingId} className="user-text">
        {card.name}
      </h2>
      {card.email ? <p className="muted respondent-email">{card.email}</p> : null}
      <table className="answers">
        <tbody>
          {card.rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* <details> opens and closes without JavaScript; CSS swaps the Show/Hide wording. */}
      <details className="availability">
        <summary>
          <span className="when-closed">Show Availability</span>
          <span className="when-open">Hide Availability</span>
        </summary>
        {card.availableDates.length ? (
          <ul>
            {card.availableDates.map((date) => (
              <li key={date}>{date}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">No availability specified</p>
        )}
      </details>
      <section className="orlando" aria-labelledby={`${headingId}-previous`}>
        <h3 id={`${headingId}-previous`} className="user-text">
          {card.previousEdition.heading}
        </h3>
        <p>Attended last year: {card.previousEdition.attended}</p>
        {card.previousEdition.attended === "Yes" ? (
          <dl>
            <dt>Concerns</dt>
            <dd className="user-text">{card.previousEdition.concerns}</dd>
            <dt>Suggestion</dt>
            <dd className="user-text">{card.previousEdition.suggestions}</dd>
            <dt>Doesn&apos;t Want To See</dt>
            <dd className={card.previousEdition.dontWannaSeeHidden ? "muted" : "user-text"}>
              {card.previousEdition.dontWannaSee}
            </dd>
          </dl>
        ) : null}
      </section>
    </article>
  );
}
