import { env } from "~/env.server";
import { formatDeadline, isSurveyClosed } from "~/lib/deadline";
import { reminderMail, reminderRecipients } from "~/lib/reminders";
import { claimReminderRound, getSurveyDeadline } from "~/models/event-settings.server";
import { listMemberSurveyStatus } from "~/models/plan.server";
import { sendMail } from "~/services/mail.server";

export type ReminderOutcome = { ok: true; sent: number; failed: number } | { ok: false; error: string };

/**
 * Mails every member without a submitted survey: once per 24 hours, only while a deadline is set
 * and still ahead (each mail names it).
 */
export async function sendSurveyReminders(now = new Date()): Promise<ReminderOutcome> {
  const deadline = await getSurveyDeadline();
  if (!deadline) return { ok: false, error: "Set a survey deadline first: the reminder names it." };
  if (isSurveyClosed(deadline, now))
    return { ok: false, error: "The survey has closed; reminders are over." };
  const recipients = reminderRecipients(await listMemberSurveyStatus());
  if (recipients.length === 0) return { ok: false, error: "Everyone has submitted the survey." };
  if (!(await claimReminderRound(now))) {
    return { ok: false, error: "A reminder already went out in the last 24 hours." };
  }
  const config = env();
  const text = formatDeadline(deadline, config.eventTimeZone);
  const results = await Promise.all(
    recipients.map((member) =>
      sendMail({
        to: member.email,
        ...reminderMail({ name: member.name, deadline: text, appUrl: config.appUrl }),
      }),
    ),
  );
  const sent = results.filter(Boolean).length;
  return { ok: true, sent, failed: results.length - sent };
}
