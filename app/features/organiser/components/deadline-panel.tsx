import { Form } from "@remix-run/react";
import { CLOSE_NOW } from "~/platform/lib/deadline";

export type DeadlinePanelData = {
  zone: string;
  text: string | null;
  closed: boolean;
  date: string;
  time: string;
};

/** The survey deadline: set it (a date and a time in the event's zone) or clear it. */
export function DeadlinePanel({
  deadline,
  failure,
}: {
  deadline: DeadlinePanelData;
  /** A refused deadline: the page's message says why; the boxes keep what was typed. */
  failure?: { error?: string; values?: Record<string, string> };
}) {
  const error = failure?.error;
  const typed = failure?.values;
  // The date and the time are alike: an input of their own type, the value typed kept after a refusal.
  const input = (name: "date" | "time", label: string, describedBy?: string) => (
    <p className="event-field">
      <label htmlFor={`deadline-${name}`}>{label}</label>
      <input
        id={`deadline-${name}`}
        name={name}
        type={name}
        defaultValue={typed?.[name] ?? deadline[name]}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
    </p>
  );
  return (
    <section className="card" aria-labelledby="deadline-heading">
      <h2 id="deadline-heading">Survey deadline</h2>
      <p>
        {deadline.text
          ? `${deadline.closed ? "The survey closed on" : "The survey closes on"} ${deadline.text}.`
          : "No deadline is set: the survey stays open."}
      </p>
      <Form method="post" className="event-form">
        {error ? (
          <p className="field-error" id="deadline-error">
            {error}
          </p>
        ) : null}
        <p className="muted">Times are in the event&apos;s time zone, {deadline.zone}.</p>
        {input("date", "Date", error ? "deadline-error" : undefined)}
        {input("time", `Time (${deadline.zone})`)}
        <button type="submit" name="intent" value="set-deadline" className="button">
          Set deadline
        </button>
      </Form>
      <h3 id="deadline-now-heading">Close now, or clear the deadline</h3>
      <Form method="post" className="deadline-form" aria-labelledby="deadline-now-heading">
        {deadline.closed ? null : (
          <button type="submit" name="intent" value="close-now" className="button button-secondary">
            {CLOSE_NOW}
          </button>
        )}
        {deadline.text ? (
          <button type="submit" name="intent" value="clear-deadline" className="button button-secondary">
            Clear the deadline
          </button>
        ) : null}
      </Form>
    </section>
  );
}
