export type Line = {
  id: number;
  name: string;
  weight: string;
  due: string;
  deposit: string;
  confirmed: string;
  reported: string;
  remaining: string;
  refund: string;
  next: string;
};

/**
 * Each payer's line (a phone never scrolls sideways): due, paid, reported, what remains. A member's
 * own line is a small card of labelled figures; every payer's line (the receiver's and the
 * organiser's view, 40 on a big trip) is one compact entry each, which reads down a long list and
 * keeps the page's first layout short on a slow phone.
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
              Share {line.due}
              {line.deposit ? ` (deposit ${line.deposit})` : ""} · paid (confirmed) {line.confirmed} ·
              reported {line.reported || "—"} ·{" "}
              {line.refund ? <strong>to be refunded {line.refund}</strong> : `remaining ${line.remaining}`} ·
              next due {line.next || "—"}
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
              {line.due}
              {line.deposit ? <span className="muted"> (deposit {line.deposit})</span> : null}
            </dd>
            <dt>Paid (confirmed)</dt>
            <dd>{line.confirmed}</dd>
            <dt>Reported</dt>
            <dd>{line.reported || "—"}</dd>
            {line.refund ? (
              <>
                <dt>To be refunded</dt>
                <dd>
                  <strong>{line.refund}</strong>
                </dd>
              </>
            ) : (
              <>
                <dt>Remaining</dt>
                <dd>{line.remaining}</dd>
              </>
            )}
            <dt>Next due</dt>
            <dd>{line.next || "—"}</dd>
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
