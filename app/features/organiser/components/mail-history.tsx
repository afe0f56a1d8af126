export type MailRoundRow = {
  id: number;
  kind: string;
  subject: string;
  said: string;
  reached: string[];
  failed: string[];
  at: string;
};

const KIND: Record<string, string> = {
  announcement: "Announcement",
  reminder: "Reminder",
  invitations: "Invitations",
};

/** Every round sent, newest first: when, what it said, whom it reached and whose mail failed. */
export function MailHistory({ rounds }: { rounds: MailRoundRow[] }) {
  return (
    <section className="card" aria-labelledby="history-heading">
      <h2 id="history-heading">Every round sent</h2>
      {rounds.length === 0 ? <p className="muted">No mail has gone out yet.</p> : null}
      <ol className="mail-history">
        {rounds.map((round) => (
          <li key={round.id}>
            <h3>
              {KIND[round.kind] ?? round.kind}, {round.at}
            </h3>
            <p className="user-text">
              <strong>Subject:</strong> {round.subject}
            </p>
            <p className="user-text">
              <strong>It said:</strong> {round.said}
            </p>
            <details>
              <summary>
                Reached {round.reached.length}
                {round.failed.length ? `; ${round.failed.length} could not be sent` : ""}
              </summary>
              <p className="user-text">{round.reached.join(", ") || "nobody"}</p>
              {round.failed.length ? (
                <p className="user-text">Could not be sent: {round.failed.join(", ")}</p>
              ) : null}
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
