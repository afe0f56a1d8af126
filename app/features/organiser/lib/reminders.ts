import { mailName } from "~/platform/lib/mail-text";
import { REMINDER_INTERVAL_MS } from "~/features/season/lib/event-settings";

export function nextReminderAt(lastSent: Date | null): Date | null {
  return lastSent ? new Date(lastSent.getTime() + REMINDER_INTERVAL_MS) : null;
}

/** A reminder may go out when none has, or when the last one is at least 24 hours old. */
export function canSendReminder(lastSent: Date | null, now: Date): boolean {
  const next = nextReminderAt(lastSent);
  return next === null || now.getTime() >= next.getTime();
}

/** A round's failed mails may be sent again this often, then they wait for the next round. */
export const REMINDER_RETRIES = 3;

/** The failed mails of the latest reminder round, as stored: "Send again" goes to them alone. */
export type ReminderFailures = {
  /** The round they belong to: its time as the last reminder time stores it (ISO). */
  round: string;
  failedTo: string[];
  /** How often they were sent again so far. */
  retries: number;
};

export function parseReminderFailures(value: string | undefined): ReminderFailures | null {
  if (!value) return null;
  try {
    const stored = JSON.parse(value) as ReminderFailures;
    if (typeof stored.round !== "string" || !Array.isArray(stored.failedTo)) return null;
    return { round: stored.round, failedTo: stored.failedTo, retries: Number(stored.retries) || 0 };
  } catch {
    return null;
  }
}

export type ReminderRetryPlan =
  { ok: true; failedTo: string[]; next: ReminderFailures } | { ok: false; error: string };

/**
 * What "Send again" may do now: mail the failed addresses of the latest round (not of an older
 * one), at most REMINDER_RETRIES times. `next` is what to store while it sends, so a second click
 * finds nothing left to send.
 */
export function planReminderRetry(stored: ReminderFailures | null, lastSent: Date | null): ReminderRetryPlan {
  if (!stored || !lastSent || stored.round !== lastSent.toISOString() || stored.failedTo.length === 0) {
    return { ok: false, error: "No reminder of the last round failed: there is nothing to send again." };
  }
  if (stored.retries >= REMINDER_RETRIES) {
    return {
      ok: false,
      error: `The failed reminders were sent again ${REMINDER_RETRIES} times: they wait for the next round.`,
    };
  }
  return {
    ok: true,
    failedTo: stored.failedTo,
    next: { ...stored, failedTo: [], retries: stored.retries + 1 },
  };
}

export type MemberStatus = { id: number; email: string; name: string; submitted: boolean };

/** Every member without a submitted survey, each e-mail once, in alphabetical order of e-mail. */
export function reminderRecipients(members: readonly MemberStatus[]): MemberStatus[] {
  const seen = new Set<string>();
  return members
    .filter((member) => !member.submitted)
    .filter((member) => {
      const key = member.email.trim().toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.email.localeCompare(b.email));
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The reminder mail: it names the deadline and links to the survey on the app's public address. */
export function reminderMail(input: {
  name: string;
  deadline: string;
  appUrl: string;
  shortName?: string;
  /** Where the mail sends the reader; the survey unless given (an invitee's register link). */
  link?: string;
}) {
  const link = input.link ?? `${input.appUrl.replace(/\/+$/, "")}/survey`;
  const event = input.shortName ?? "SGW25";
  const greeting = `Hi ${mailName(input.name)},`;
  const body = `The ${event} survey closes on ${input.deadline}, and we have not seen your answers yet.`;
  return {
    subject: `Reminder: the ${event} survey closes soon`,
    text: `${greeting}\n\n${body}\n\nFill it in here: ${link}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(link)}">Fill in the survey</a></p>`,
  };
}
