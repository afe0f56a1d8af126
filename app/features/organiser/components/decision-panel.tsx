import { Form } from "@remix-run/react";
import type { RankedWeekend } from "~/features/results/lib/best-weekends";

export type DecisionPanelData = {
  /** The chosen weekend in words, or null while the default stands. */
  weekend: string | null;
  planned: string;
  house: string | null;
  /** Where the season stands, in the organiser's words (lib/season-state). */
  season: string;
  /** Best Weekends' top five, best first. */
  best: RankedWeekend[];
  /** Every window with how many yes+maybe members are free, in calendar order. */
  windows: Array<{ label: string; free: number }>;
};

function ChooseButton({ label, chosen }: { label: string; chosen: boolean }) {
  if (chosen) return <strong>Chosen</strong>;
  return (
    <Form method="post" className="organiser-form">
      <input type="hidden" name="weekend" value={label} />
      <button type="submit" name="intent" value="choose-weekend" className="button button-secondary">
        Choose<span className="visually-hidden"> {label}</span>
      </button>
    </Form>
  );
}

/** The decision: the weekend (from Best Weekends or any window) and the house (chosen in the table). */
export function DecisionPanel({ decision, error }: { decision: DecisionPanelData; error?: string }) {
  const chosen = decision.weekend ? decision.planned : null;
  return (
    <section className="card" aria-labelledby="decision-heading">
      <h2 id="decision-heading">The decision</h2>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      <p>{decision.season}</p>
      <dl className="event-decision">
        <dt>When</dt>
        <dd>{decision.weekend ?? `Not chosen yet (planned: ${decision.planned})`}</dd>
        <dt>Where</dt>
        <dd>{decision.house ?? "No house chosen yet: choose one below."}</dd>
      </dl>
      <h3 id="decision-best-heading">Best Weekends</h3>
      <ol aria-labelledby="decision-best-heading" className="decision-weekends">
        {decision.best.map((row) => (
          <li key={row.label}>
            <span>
              {row.label}: {row.yes} yes, {row.maybe} maybe free ({row.percent}%)
            </span>
            <ChooseButton label={row.label} chosen={row.label === chosen} />
          </li>
        ))}
      </ol>
      <Form method="post" className="organiser-form">
        <label htmlFor="decision-weekend">Any weekend</label>
        <select id="decision-weekend" name="weekend" defaultValue={decision.planned}>
          {decision.windows.map((window) => (
            <option key={window.label} value={window.label}>
              {window.label} ({window.free} free)
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value="choose-weekend" className="button button-secondary">
          Choose this weekend
        </button>
      </Form>
      {decision.weekend ? (
        <Form method="post" className="organiser-form">
          <button type="submit" name="intent" value="clear-weekend" className="button button-secondary">
            Undo the weekend choice
          </button>
        </Form>
      ) : null}
    </section>
  );
}
