import { mailLine } from "~/platform/lib/mail-text";
/** One announcement round of the decision, as stored (the latest round only). */
export type AnnouncementRound = {
  /** The calendar SEQUENCE the round's attachment carries: 0 first, one more per changed decision. */
  sequence: number;
  /** What was announced (decisionKey): a different key means the decision changed since. */
  decision: string;
  state: "sending" | "sent" | "failed";
  /** When the round was claimed (ISO). */
  at: string;
  sent: number;
  /** The addresses whose mail failed: a retry goes to them alone. */
  failedTo: string[];
};

/** A round still "sending" after this long was cut off (a restart): another may take over. */
export const STALE_SENDING_MS = 10 * 60 * 1000;

export function parseRound(value: string | undefined): AnnouncementRound | null {
  if (!value) return null;
  try {
    const round = JSON.parse(value) as AnnouncementRound;
    if (typeof round.sequence !== "number" || typeof round.decision !== "string") return null;
    return { ...round, failedTo: Array.isArray(round.failedTo) ? round.failedTo : [] };
  } catch {
    return null;
  }
}

export type Decision = {
  year: number;
  weekend: string;
  /** "Thursday Aug 28 to Monday Sep 1, 2025" */
  when: string;
  where: string | null;
  listing: string | null;
  /** "$850 for the stay, about $85 each for 8–12" once the chosen house has a price (not in the key). */
  price?: string | null;
};

export function decisionKey(decision: Decision): string {
  return JSON.stringify([decision.year, decision.weekend, decision.where, decision.listing]);
}

/** The SEQUENCE the calendar file carries now: a decision changed since the last round counts one more. */
export function calendarSequence(last: AnnouncementRound | null, decision: Decision): number {
  if (!last) return 0;
  return last.decision === decisionKey(decision) ? last.sequence : last.sequence + 1;
}

export type RoundPlan =
  | { ok: true; kind: "first" | "change" | "retry"; sequence: number; recipients: string[] }
  | { ok: false; error: string };

/**
 * What one click on "Announce" does: the first round goes to every member; a changed decision goes
 * to every member again as a change; a round whose mails failed is retried at once for those alone;
 * the same decision is never sent twice (a double click, two organisers at once).
 */
export function planRound(
  last: AnnouncementRound | null,
  decision: Decision,
  members: string[],
  now: Date,
): RoundPlan {
  const key = decisionKey(decision);
  if (last?.state === "sending" && now.getTime() - Date.parse(last.at) < STALE_SENDING_MS) {
    return { ok: false, error: "The announcement is being sent right now." };
  }
  if (last && last.decision === key) {
    if (last.state === "failed" && last.failedTo.length) {
      return { ok: true, kind: "retry", sequence: last.sequence, recipients: last.failedTo };
    }
    if (last.state !== "sending") return { ok: false, error: "This decision has already been announced." };
  }
  if (members.length === 0) return { ok: false, error: "There are no members to announce it to." };
  const sequence = last ? (last.decision === key ? last.sequence : last.sequence + 1) : 0;
  return {
    ok: true,
    kind: last && last.decision !== key ? "change" : "first",
    sequence,
    recipients: members,
  };
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The announcement mail: when, where and the listing link; the calendar file goes along as an attachment. */
export function announcementMail(input: {
  shortName: string;
  decision: Decision;
  change: boolean;
  appUrl: string;
}) {
  const { shortName, decision, change } = input;
  const link = `${input.appUrl.replace(/\/+$/, "")}/sgw25`;
  const lead = change
    ? `The ${shortName} plan has changed. Here is the new one:`
    : `${shortName} is decided!`;
  // Member-typed text (the house's title and place) goes out one line each, no control characters.
  const lines = [
    ["When", mailLine(decision.when)],
    ["Where", mailLine(decision.where ?? "the house is not chosen yet")],
    ...(decision.listing ? [["Listing", mailLine(decision.listing, 2000)]] : []),
    ...(decision.price ? [["Price", mailLine(decision.price)]] : []),
  ];
  // The listing is a link in the HTML part (the text part carries the address itself).
  const htmlValue = (key: string, value: string) =>
    key === "Listing" && /^https?:\/\//i.test(value)
      ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`
      : escapeHtml(value);
  return {
    subject: change
      ? `${shortName} has changed: ${decision.when}`
      : `${shortName} is decided: ${decision.when}`,
    text: `${lead}\n\n${lines.map(([key, value]) => `${key}: ${value}`).join("\n")}\n\nWho is coming, and more: ${link}\nThe attached calendar file adds the weekend to your calendar${change ? " (or updates it)" : ""}.\n`,
    html:
      `<p>${escapeHtml(lead)}</p><ul>` +
      lines.map(([key, value]) => `<li><strong>${key}:</strong> ${htmlValue(key, value)}</li>`).join("") +
      `</ul><p><a href="${escapeHtml(link)}">Who is coming, and more</a></p>` +
      `<p>The attached calendar file adds the weekend to your calendar${change ? " (or updates it)" : ""}.</p>`,
  };
}
