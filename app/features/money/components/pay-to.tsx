import type { PayWay } from "~/features/money/lib/pay-links";

// Apart from the form (pay-details.tsx): /money hydrates with this alone, never the form's fields and
// checks, which only /account needs (the JavaScript budget, issue 58).

/** How to pay someone the viewer owes: each way they gave, the links prefilled where the format allows. */
export function PayTo({ name, ways, note }: { name: string; ways: PayWay[]; note: string }) {
  if (ways.length === 0 && !note) return null;
  return (
    <div className="money-pay-to" role="group" aria-label={`How to pay ${name}`}>
      <p className="money-pay-to-title">
        How to pay <span className="user-text">{name}</span>:
      </p>
      <ul>
        {ways.map((way) => (
          <li key={way.label}>
            {way.label}:{" "}
            {way.href ? (
              <a href={way.href} rel="noopener noreferrer" target="_blank" className="user-text">
                {way.value}
              </a>
            ) : (
              <span className="user-text money-pay-value">{way.value}</span>
            )}
            {way.prefilled ? <span className="muted"> (opens with the amount filled in)</span> : null}
          </li>
        ))}
      </ul>
      {note ? <p className="user-text muted">{note}</p> : null}
    </div>
  );
}
