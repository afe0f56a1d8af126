import { Form, Link } from "@remix-run/react";

export type ReminderPanelData = {
  /** Members without a submitted survey, then invited addresses that have not registered. */
  recipients: Array<{ id: number; name: string; email: string; invited: boolean }>;
  lastSent: string | null;
  nextPossible: string | null;
  canSend: boolean;
  /** Why no reminder can go out now, when one cannot. */
  blocked: string | null;
  /** The latest round's failed mails: "Send again" goes to them alone, a few times per round. */
  failed: { to: string[]; retriesLeft: number; canRetry: boolean } | null;
};

/** "5 members and 2 invited addresses": the two kinds of recipient counted apart. */
export function reminderCount(recipients: ReminderPanelData["recipients"]) {
  const invited = recipients.filter((entry) => entry.invited).length;
  const members = recipients.length - invited;
  const parts = [
    members ? `${members} ${members === 1 ? "member" : "members"}` : "",
    invited ? `${invited} invited ${invited === 1 ? "address" : "addresses"}` : "",
  ].filter(Boolean);
  return parts.join(" and ") || "nobody";
}

/** Lists who a reminder would reach, then the way to its confirmation step (at most once per 24 hours). */
export function ReminderPanel({ reminder, error }: { reminder: ReminderPanelData; error?: string }) {
  const members = reminder.recipients.filter((entry) => !entry.invited);
  const invited = reminder.recipients.filter((entry) => entry.invited);
  return (
    <section className="card" aria-labelledby="reminder-heading">
      <h2 id="reminder-heading">Reminder e-mail</h2>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      <h3 id="recipients-heading">It goes to ({reminder.recipients.length})</h3>
      {reminder.recipients.length ? (
        <ul aria-labelledby="recipients-heading" className="recipient-list user-text">
          {members.map((member) => (
            <li key={member.id}>
              {member.name} &lt;{member.email}&gt;
            </li>
          ))}
          {invited.map((entry) => (
            <li key={entry.id}>
              {entry.email} <span className="muted">(invited, not registered)</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nobody: every member has submitted the survey.</p>
      )}
      {reminder.lastSent ? <p>The last reminder went out on {reminder.lastSent}.</p> : null}
      {reminder.nextPossible && !reminder.canSend ? (
        <p>The next reminder is possible from {reminder.nextPossible}.</p>
      ) : null}
      {reminder.blocked ? <p className="muted">{reminder.blocked}</p> : null}
      {reminder.failed ? (
        <>
          <p>
            {reminder.failed.to.length} of the last round could not be sent:{" "}
            <span className="user-text">{reminder.failed.to.join(", ")}</span>.
          </p>
          {reminder.failed.retriesLeft === 0 ? (
            <p className="muted">They were sent again as often as allowed: they wait for the next round.</p>
          ) : reminder.failed.canRetry ? (
            <Form method="post">
              <button type="submit" name="intent" value="retry-reminder" className="button">
                Send again to those {reminder.failed.to.length}
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
      {reminder.canSend ? (
        <p>
          <Link to="?step=reminder" className="button">
            Send the reminder to {reminderCount(reminder.recipients)}…
          </Link>
        </p>
      ) : null}
    </section>
  );
}
