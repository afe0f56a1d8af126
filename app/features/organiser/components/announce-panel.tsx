import { Link } from "@remix-run/react";

export type AnnouncePanelData = {
  /** How many members the announcement goes to; the confirmation step lists them. */
  memberCount: number;
  decision: { when: string; where: string | null; listing: string | null } | null;
  last: { at: string; state: string; sent: number; failedTo: string[]; current: boolean } | null;
  next: { kind: "first" | "change" | "retry"; count: number } | null;
  blocked: string | null;
};

const members = (count: number) => `${count} ${count === 1 ? "member" : "members"}`;

const BUTTON = {
  first: (count: number) => `Announce the decision to ${members(count)}`,
  change: (count: number) => `Announce the change to ${members(count)}`,
  retry: (count: number) => `Retry the ${count} failed ${count === 1 ? "mail" : "mails"}`,
};

function LastRound({ last }: { last: NonNullable<AnnouncePanelData["last"]> }) {
  if (last.state === "failed") {
    return (
      <p className="alert alert-error">
        The announcement of {last.at} reached {members(last.sent)}; {last.failedTo.length} could not be sent (
        {last.failedTo.join(", ")}).
      </p>
    );
  }
  if (last.state === "sending") return <p>An announcement is being sent (since {last.at}).</p>;
  return (
    <p>
      Announced on {last.at} to {members(last.sent)}
      {last.current ? "." : "; the decision has changed since."}
    </p>
  );
}

/** The decision's mail to every member: how many, what it says, then the way to its confirmation step. */
export function AnnouncePanel({ announce, error }: { announce: AnnouncePanelData; error?: string }) {
  return (
    <section className="card" aria-labelledby="announce-heading">
      <h2 id="announce-heading">Announce the decision</h2>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      {announce.memberCount ? (
        <p>
          It goes to every member: {members(announce.memberCount)}. The next step lists every address before
          anything is sent.
        </p>
      ) : (
        <p className="muted">Nobody has registered yet.</p>
      )}
      {announce.decision ? (
        <p>
          The mail says: {announce.decision.when}; {announce.decision.where ?? "no house chosen yet"}
          {announce.decision.listing ? " (with the listing link)" : ""}, with the weekend as a calendar file.
        </p>
      ) : null}
      {announce.last ? <LastRound last={announce.last} /> : null}
      {announce.blocked ? <p className="muted">{announce.blocked}</p> : null}
      {announce.next ? (
        <p>
          <Link to="?step=announce" className="button">
            {BUTTON[announce.next.kind](announce.next.count)}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
