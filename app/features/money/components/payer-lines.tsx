export type Line = {
  id: number;
  name: string;
  weight: string;
  share: string;
  deposit: string;
  /** What of the share reached the receiver (confirmed share payments and settle-up transfers). */
  reached: string;
  reported: string;
  /** "$62.50 by June 1, 2025", or "" when nothing is due. */
  due: string;
  /** Where they stand in the whole trip, per currency: "owes $250.00", "settled up". */
  standing: string;
};

/**
 * Each payer's line (a phone never scrolls sideways): the share, what of it reached the receiver,
 * what is due by when, and where they stand in the whole trip (decision 027). A member's own line is
 * a small card of labelled figures; every payer's line (the receiver's and the organiser's view, 40
 * on a big trip) is one compact entry each, which reads down a long list and keeps the page's first
 * layout short on a slow phone.
 */
export function PayerLines({ lines, all }: { lines: Line[]; all: boolean }) {
  if (lines.length === 0) return null;
  if (all) {
    return (
      <ul className="money-lines money-lines-all" aria-label="Every payer's line">
        {lines.map((line) => (
          <li key={line.id} aria-label={line.name}>
            <LineName line={line} />
            <p className="money-line-compact">
              Share {line.share}
              {line.deposit ? ` (deposit ${line.deposit})` : ""} · reached the receiver {line.reached} ·
              reported {line.reported || "—"} · {line.due ? `due ${line.due}` : "nothing due"} · in the whole
              trip: {line.standing}
            </p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="money-lines" aria-label="Your line">
      {lines.map((line) => (
        <li key={line.id} aria-label={line.name}>
          <LineName line={line} />
          <dl className="money-line">
            <dt>Share</dt>
            <dd>
              {line.share}
              {line.deposit ? <span className="muted"> (deposit {line.deposit})</span> : null}
            </dd>
            <dt>Reached the receiver</dt>
            <dd>{line.reached}</dd>
            <dt>Reported</dt>
            <dd>{line.reported || "—"}</dd>
            <dt>Due</dt>
            <dd>{line.due || "Nothing"}</dd>
            <dt>In the whole trip</dt>
            <dd>{line.standing}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** A payer's name and weight, at the head of their line. */
function LineName({ line }: { line: Line }) {
  return (
    <p className="money-line-name">
      <strong className="user-text">{line.name}</strong> <span className="muted">weight {line.weight}</span>
    </p>
  );
}
