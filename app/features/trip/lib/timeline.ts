import { escapeHtml, mailLine, mailName } from "~/platform/lib/mail-text";

/** The mails sent before the weekend: how many days before its first day. */
export const MOMENTS = [30, 7] as const;
export type Moment = (typeof MOMENTS)[number];
const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment's claim key: the weekend is part of it, so a moved weekend gets its own mails. */
export const momentKey = (days: Moment, weekend: string) => `${days}d ${weekend}`;

/** When each moment falls for a weekend starting on `start` (its first day, 00:00 UTC). */
export function momentTimes(start: Date) {
  return MOMENTS.map((days) => ({ days, at: new Date(start.getTime() - days * DAY_MS) }));
}

/**
 * The moment to send now, or null: the latest one that has passed, while the weekend has not begun.
 * A moment missed while no instance ran still goes out at the next start; of two missed ones only
 * the later is sent (one mail saying what is open, not two at once).
 */
export function dueMoment(now: Date, start: Date): Moment | null {
  if (now.getTime() >= start.getTime()) return null;
  const passed = momentTimes(start).filter((moment) => moment.at.getTime() <= now.getTime());
  return passed.length ? passed[passed.length - 1].days : null;
}

/**
 * Whole days from `today` ("2025-07-27", the day where the group meets) to the weekend's first day:
 * what the mail says, true on the day it goes (a moment sent late says so).
 */
export function daysUntil(today: string, start: Date): number {
  return Math.round((start.getTime() - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

export type TimelineFacts = {
  shortName: string;
  /** The moment this mail is (30 or 7 days before), which chooses what it says. */
  days: Moment;
  /** How many days are left on the day it goes. */
  daysLeft: number;
  when: string;
  where: string | null;
  room: { name: string; with: string[] } | null;
  open: string[];
  claimed: string[];
  notes: { label: string; value: string }[];
  tripUrl: string;
};

/** One trip member's mail: when and where, their room, what is open for them, the notes for the house. */
export function timelineMail(name: string | null, facts: TimelineFacts) {
  const left = facts.daysLeft === 1 ? "1 day" : `${facts.daysLeft} days`;
  const subject = `${facts.shortName} is in ${left}`;
  const room = facts.room
    ? `Your room: ${mailLine(facts.room.name)}${facts.room.with.length ? `, with ${facts.room.with.map((n) => mailLine(n)).join(", ")}` : ""}.`
    : "Your room: not decided yet.";
  const open = facts.open.length ? facts.open : ["Nothing: you are all set."];
  const lines = [
    `Hi ${mailName(name)},`,
    "",
    `${facts.shortName} is in ${left}.`,
    `When: ${facts.when}`,
    `Where: ${facts.where ? mailLine(facts.where) : "the house is not chosen yet"}`,
    room,
    "",
    "Still open for you:",
    ...open.map((line) => `- ${line}`),
    ...(facts.claimed.length
      ? ["", "You bring:", ...facts.claimed.map((item) => `- ${mailLine(item)}`)]
      : []),
    ...(facts.notes.length
      ? ["", "At the house:", ...facts.notes.map((note) => `${note.label}: ${mailLine(note.value, 500)}`)]
      : []),
    "",
    `Everything on the trip page: ${facts.tripUrl}`,
    // A week before, the signal at the house is the next worry (issue 56).
    ...(facts.days === 7
      ? [
          "",
          "Open your trip sheet once now so your phone keeps it: the trip page links to it, and the sheet then opens at the house without a connection.",
        ]
      : []),
  ];
  const text = lines.join("\n");
  const html = `<p>${lines.map((line) => escapeHtml(line)).join("<br>")}</p>`;
  return { subject, text, html };
}
