import { env } from "~/platform/env.server";
import { formatDeadline, isSurveyClosed } from "~/platform/lib/deadline";
import {
  REMINDER_RETRIES,
  canSendReminder,
  nextReminderAt,
  parseReminderFailures,
  planReminderRetry,
  reminderMail,
  reminderRecipients,
} from "~/features/organiser/lib/reminders";
import {
  claimReminderFailures,
  claimReminderRound,
  getEventSettings,
  getLastReminderAt,
  getReminderFailuresValue,
  getSeasonState,
  getSurveyDeadline,
  setReminderFailures,
} from "~/features/season/index.server";
import { listMemberSurveyStatus } from "~/features/results/index.server";
import { registerLink } from "~/features/organiser/lib/invitations";
import { listPendingInvitations } from "~/features/organiser/models/invitation.server";
import { sendMailRound, type MailRoundOutcome } from "~/platform/services/mail.server";
import { personalLinkFor } from "~/features/accounts/index.server";

const NO_DEADLINE = "Set a survey deadline first: the reminder names it.";
const CLOSED = "The survey has closed; reminders are over.";
const NOBODY = "Everyone has submitted the survey.";
const TOO_SOON = "A reminder already went out in the last 24 hours.";
const BUSY = "The failed reminders are being sent again right now.";
const BEGUN = "The weekend has begun: survey reminders are over.";

/** The season's one state (decision 024): once its weekend has begun, nobody is chased for a survey. */
const weekendBegun = async (now: Date) =>
  ["weekend", "over", "archived"].includes((await getSeasonState(now)).phase);

type Recipient = { id: number; name: string; email: string; invited: boolean };

/**
 * Members without a submitted survey, then the invited addresses that have not registered (their
 * mail links to the register form): ids of invitations are negative, so keys never collide.
 */
async function reminderList(): Promise<Recipient[]> {
  const [members, invited] = await Promise.all([listMemberSurveyStatus(), listPendingInvitations()]);
  return [
    ...reminderRecipients(members).map((member) => ({ ...member, invited: false })),
    // The name the invite list gave, kept: the reminder greets them by it, as the invitation did.
    ...invited.map((entry) => ({ id: -entry.id, name: entry.name, email: entry.email, invited: true })),
  ];
}

/** What the organiser page shows before sending: the recipients, the last round, its failures, the next. */
export async function getReminderStatus(now = new Date()) {
  const [deadline, lastSent, everyone, failures, begun] = await Promise.all([
    getSurveyDeadline(),
    getLastReminderAt(),
    reminderList(),
    getReminderFailuresValue().then(parseReminderFailures),
    weekendBegun(now),
  ]);
  const zone = env().eventTimeZone;
  const recipients = everyone.map(({ id, name, email, invited }) => ({ id, name, email, invited }));
  const next = nextReminderAt(lastSent);
  const blocked = begun
    ? BEGUN
    : !deadline
      ? NO_DEADLINE
      : isSurveyClosed(deadline, now)
        ? CLOSED
        : recipients.length === 0
          ? NOBODY
          : null;
  const current = failures && lastSent && failures.round === lastSent.toISOString() ? failures : null;
  return {
    recipients,
    lastSent: lastSent ? formatDeadline(lastSent, zone) : null,
    nextPossible: next ? formatDeadline(next, zone) : null,
    canSend: blocked === null && canSendReminder(lastSent, now),
    blocked,
    failed: current?.failedTo.length
      ? { to: current.failedTo, retriesLeft: REMINDER_RETRIES - current.retries, canRetry: blocked === null }
      : null,
  };
}

/** Mails the reminder to each recipient, ten at a time: the round's outcome, with whom it failed to reach. */
async function mailReminders(
  deadline: Date,
  recipients: Recipient[],
): Promise<MailRoundOutcome & { ok: true }> {
  const config = env();
  const { shortName } = await getEventSettings();
  const text = formatDeadline(deadline, config.eventTimeZone);
  // A member's mail carries their personal link to their own survey (signs them in on one press).
  const links = await Promise.all(
    recipients.map((member) =>
      member.invited
        ? registerLink(config.appUrl, member.email, member.name)
        : personalLinkFor(member, "/survey", { deadline }),
    ),
  );
  const { subject } = reminderMail({ name: "", deadline: text, appUrl: config.appUrl, shortName });
  const round = await sendMailRound(
    recipients.map((member, index) => ({
      to: member.email,
      ...reminderMail({
        name: member.name,
        deadline: text,
        appUrl: config.appUrl,
        shortName,
        link: links[index],
      }),
    })),
  );
  return {
    ok: true,
    sent: round.sent.length,
    failed: round.failed.length,
    reached: round.sent,
    failedTo: round.failed,
    subject,
    said: said(deadline),
  };
}

/**
 * The reminder as its first recipient will read it, for the confirmation step: their name, and where
 * their link goes (a member's signs them in to the survey; an invited address's opens the register
 * form). The preview makes no link: a personal link is a secret, issued only when the mail goes.
 */
export async function getReminderPreview() {
  const [deadline, { shortName }, recipients] = await Promise.all([
    getSurveyDeadline(),
    getEventSettings(),
    reminderList(),
  ]);
  if (!deadline) return null;
  const config = env();
  const first = recipients[0];
  const { subject, text } = reminderMail({
    name: first?.name ?? "",
    deadline: formatDeadline(deadline, config.eventTimeZone),
    appUrl: config.appUrl,
    shortName,
    link: first?.invited
      ? registerLink(config.appUrl, first.email, first.name)
      : `${config.appUrl.replace(/\/+$/, "")}/continue/… (their own link: it signs them in and opens the survey)`,
  });
  return { subject, text };
}

/** What a reminder round says, for the history of rounds. */
const said = (deadline: Date) =>
  `The survey closes on ${formatDeadline(deadline, env().eventTimeZone)}; a link to the survey (to the register form for an invited address).`;

/** Why no reminder may go out now (the weekend begun, no deadline, closed), else the deadline the mail names. */
async function openDeadline(now: Date): Promise<{ ok: true; deadline: Date } | { ok: false; error: string }> {
  if (await weekendBegun(now)) return { ok: false, error: BEGUN };
  const deadline = await getSurveyDeadline();
  if (!deadline) return { ok: false, error: NO_DEADLINE };
  if (isSurveyClosed(deadline, now)) return { ok: false, error: CLOSED };
  return { ok: true, deadline };
}

/**
 * Mails every member without a submitted survey: once per 24 hours, only while a deadline is set
 * and still ahead (each mail names it). The round counts even when some mails fail, so a failing
 * address cannot lift the daily limit for everyone else; its mail may be sent again on its own.
 */
export async function sendSurveyReminders(now = new Date()): Promise<MailRoundOutcome> {
  const open = await openDeadline(now);
  if (!open.ok) return open;
  const recipients = await reminderList();
  if (recipients.length === 0) return { ok: false, error: NOBODY };
  if (!(await claimReminderRound(now))) return { ok: false, error: TOO_SOON };
  const outcome = await mailReminders(open.deadline, recipients);
  const { failedTo } = outcome;
  await setReminderFailures(
    failedTo.length ? JSON.stringify({ round: now.toISOString(), failedTo, retries: 0 }) : "",
  );
  return outcome;
}

/**
 * Sends the latest round's failed reminders again, to those addresses alone and only while they
 * still need one (not submitted, not registered), at most REMINDER_RETRIES times per round.
 */
export async function retryFailedReminders(now = new Date()): Promise<MailRoundOutcome> {
  const open = await openDeadline(now);
  if (!open.ok) return open;
  const [raw, lastSent] = await Promise.all([getReminderFailuresValue(), getLastReminderAt()]);
  const plan = planReminderRetry(parseReminderFailures(raw), lastSent);
  if (!plan.ok) return plan;
  if (!(await claimReminderFailures(raw, JSON.stringify(plan.next)))) return { ok: false, error: BUSY };
  const failedTo = new Set(plan.failedTo.map((email) => email.toLowerCase()));
  const recipients = (await reminderList()).filter((entry) => failedTo.has(entry.email.toLowerCase()));
  const outcome = await mailReminders(open.deadline, recipients);
  await setReminderFailures(JSON.stringify({ ...plan.next, failedTo: outcome.failedTo }));
  return outcome;
}
