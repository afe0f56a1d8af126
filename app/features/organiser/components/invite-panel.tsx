import { Form } from "@remix-run/react";
import { INVITE_DAILY_CAP, INVITE_LIST_MAX } from "~/features/organiser/lib/invite-limits";

export type InvitePanelData = { pending: Array<{ id: number; email: string; invitedAt: string }> };

/** Paste addresses to invite; lists who was invited and has not registered yet. */
export function InvitePanel({
  invite,
  error,
  typed,
}: {
  invite: InvitePanelData;
  error?: string;
  /** What was typed, when the page refused it. */
  typed?: string;
}) {
  return (
    <section className="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite</h2>
      {error ? (
        <p role="alert" className="alert alert-error" id="invite-error">
          {error}
        </p>
      ) : null}
      <Form method="post" className="event-form">
        <label htmlFor="invite-addresses">
          E-mail addresses, one a line or separated by commas (“Name &lt;address&gt;” keeps the name): each
          gets a link to register
        </label>
        <textarea
          id="invite-addresses"
          name="addresses"
          rows={3}
          required
          maxLength={INVITE_LIST_MAX}
          defaultValue={typed}
          aria-describedby={error ? "invite-error" : undefined}
        />
        <p className="muted">
          An address gets at most one invitation a day, and you may send {INVITE_DAILY_CAP} a day.
        </p>
        <button type="submit" name="intent" value="check-invites" className="button">
          Send the invitations…
        </button>
      </Form>
      <h3 id="invited-heading">Invited, not registered yet ({invite.pending.length})</h3>
      {invite.pending.length ? (
        <ul aria-labelledby="invited-heading" className="recipient-list">
          {invite.pending.map((entry) => (
            <li key={entry.id}>
              <span className="user-text">{entry.email}</span>{" "}
              <span className="muted">(invited {entry.invitedAt})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nobody is waiting: every invited address has registered.</p>
      )}
    </section>
  );
}
