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

/** Each payer's line as a small card (a phone never scrolls sideways): due, paid, reported, what remains. */
export function PayerLines({ lines, all }: { lines: Line[]; all: boolean }) {
  if (lines.length === 0) return null;
  return (
    <ul className="money-lines" aria-label={all ? "Every payer's line" : "Your line"}>
      {lines.map((line) => (
        <li key={line.id} aria-label={line.name}>
          <p className="money-line-name">
            <strong className="user-text">{line.name}</strong>{" "}
            <span className="muted">weight {line.weight}</span>
          </p>
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
