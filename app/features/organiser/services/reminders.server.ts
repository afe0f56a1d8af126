import { env } from "~/platform/env.server";
import { formatDeadline, isSurveyClosed } from "~/platform/lib/deadline";
import {
  canSendReminder,
  nextReminderAt,
  reminderMail,
  reminderRecipients,
} from "~/features/organiser/lib/reminders";
import {
  claimReminderRound,
  getEventSettings,
  getLastReminderAt,
  getSurveyDeadline,
  releaseReminderRound,
} from "~/features/event/server";
import { listMemberSurveyStatus } from "~/features/event/server";
import { registerLink } from "~/features/organiser/lib/invitations";
import { listPendingInvitations } from "~/features/organiser/models/invitation.server";
import { sendMail } from "~/platform/services/mail.server";

export type ReminderOutcome = { ok: true; sent: number; failed: number } | { ok: false; error: string };

const NO_DEADLINE = "Set a survey deadline first: the reminder names it.";
const CLOSED = "The survey has closed; reminders are over.";
const NOBODY = "Everyone has submitted the survey.";
const TOO_SOON = "A reminder already went out in the last 24 hours.";

/**
 * Members without a submitted survey, then the invited addresses that have not registered (their
 * mail links to the register form): ids of invitations are negative, so keys never collide.
 */
async function reminderList() {
  const [members, invited] = await Promise.all([listMemberSurveyStatus(), listPendingInvitations()]);
  return [
    ...reminderRecipients(members).map((member) => ({ ...member, invited: false })),
    ...invited.map((entry) => ({
      id: -entry.id,
      name: "Invited",
      email: entry.email,
      submitted: false,
      invited: true,
    })),
  ];
}

/** What the organiser page shows before sending: the recipients, the last round and the next. */
export async function getReminderStatus(now = new Date()) {
  const [deadline, lastSent, everyone] = await Promise.all([
    getSurveyDeadline(),
    getLastReminderAt(),
    reminderList(),
  ]);
  const zone = env().eventTimeZone;
  const recipients = everyone.map(({ id, name, email }) => ({ id, name, email }));
  const next = nextReminderAt(lastSent);
  const blocked = !deadline
    ? NO_DEADLINE
    : isSurveyClosed(deadline, now)
      ? CLOSED
      : recipients.length === 0
        ? NOBODY
        : null;
  return {
    recipients,
    lastSent: lastSent ? formatDeadline(lastSent, zone) : null,
    nextPossible: next ? formatDeadline(next, zone) : null,
    canSend: blocked === null && canSendReminder(lastSent, now),
    blocked,
  };
}

/**
 * Mails every member without a submitted survey: once per 24 hours, only while a deadline is set
 * and still ahead (each mail names it).
 */
export async function sendSurveyReminders(now = new Date()): Promise<ReminderOutcome> {
  const deadline = await getSurveyDeadline();
  if (!deadline) return { ok: false, error: NO_DEADLINE };
  if (isSurveyClosed(deadline, now)) return { ok: false, error: CLOSED };
  const recipients = await reminderList();
  if (recipients.length === 0) return { ok: false, error: NOBODY };
  const previous = await getLastReminderAt();
  if (!(await claimReminderRound(now))) return { ok: false, error: TOO_SOON };
  const config = env();
  const { shortName } = await getEventSettings();
  const text = formatDeadline(deadline, config.eventTimeZone);
  const results = await Promise.all(
    recipients.map((member) =>
      sendMail({
        to: member.email,
        ...reminderMail({
          name: member.invited ? "" : member.name,
          deadline: text,
          appUrl: config.appUrl,
          shortName,
          link: member.invited ? registerLink(config.appUrl, member.email) : undefined,
        }),
      }),
    ),
  );
  const sent = results.filter(Boolean).length;
  // A round whose mails failed must not block the next one for a day: the organiser may retry at once.
  if (sent < results.length) await releaseReminderRound(now, previous);
  return { ok: true, sent, failed: results.length - sent };
}
