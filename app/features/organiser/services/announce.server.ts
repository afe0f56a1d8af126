import { priceText } from "~/features/houses/lib/money";
import { env } from "~/platform/env.server";
import {
  announcementMail,
  calendarSequence,
  decisionKey,
  parseRound,
  planRound,
  STALE_SENDING_MS,
  type AnnouncementRound,
  type Decision,
} from "~/features/season/lib/announcement";
import { eventCalendar } from "~/features/season/lib/calendar";
import { formatDeadline } from "~/platform/lib/deadline";
import { weekendLong } from "~/features/season/lib/event-settings";
import { reminderRecipients } from "~/features/organiser/lib/reminders";
import { claimAnnouncement, finishAnnouncement, getAnnouncementValue } from "~/features/season/index.server";
import { getEventPlan, listMemberSurveyStatus, type EventPlan } from "~/features/results/index.server";
import { sendMailRound, type MailRoundOutcome } from "~/platform/services/mail.server";
import { personalLinkFor } from "~/features/accounts/index.server";

/** The announcement with its /sgw25 link swapped for a member's personal link. */
function withPersonalLink<M extends { text: string; html: string }>(
  mail: M,
  appUrl: string,
  link: string,
): M {
  const plain = `${appUrl.replace(/\/+$/, "")}/sgw25`;
  return {
    ...mail,
    text: mail.text.replace(plain, link),
    html: mail.html.replace(`href="${plain}"`, `href="${link}"`),
  };
}

/** The decision in one line, as the organiser's pages and the history of rounds say it. */
export const decisionLine = (decision: Decision) =>
  `${decision.when}; ${decision.where ?? "no house chosen yet"}${decision.listing ? ` (listing: ${decision.listing})` : ""}`;

const NO_WEEKEND = "Choose the weekend first: the announcement says when.";

function decisionOf(plan: EventPlan): Decision | null {
  const { event, house, location, season } = plan;
  if (!season.weekendChosen) return null;
  return {
    year: event.year,
    weekend: event.plannedWeekend,
    when: `${weekendLong(event.plannedWeekend, event.year)}, ${event.year}`,
    where: location,
    listing: house?.url ?? null,
    price: house ? priceText(house, event) : null,
  };
}

/** Every member's address once, alphabetical (the same rule as the reminder's list, without its filter). */
async function memberAddresses() {
  const members = (await listMemberSurveyStatus()).map((member) => ({ ...member, submitted: false }));
  return reminderRecipients(members).map(({ id, name, email }) => ({ id, name, email }));
}

/** The calendar file as /sgw25.ics serves it, with the SEQUENCE of the announcements so far. */
export async function currentCalendar() {
  const [plan, last] = await Promise.all([getEventPlan(), getAnnouncementValue().then(parseRound)]);
  const decision = decisionOf(plan);
  const sequence = decision ? calendarSequence(last, decision) : (last?.sequence ?? 0);
  return eventCalendar({
    appUrl: env().appUrl,
    location: plan.location ?? undefined,
    event: plan.event,
    sequence,
    decided: plan.season.decided,
  });
}

/** What the organiser page shows before announcing: the recipients first, then what the button does. */
export async function getAnnounceStatus(now = new Date()) {
  const [plan, raw, members] = await Promise.all([getEventPlan(), getAnnouncementValue(), memberAddresses()]);
  const last = parseRound(raw);
  const decision = decisionOf(plan);
  const next = decision
    ? planRound(
        last,
        decision,
        members.map((member) => member.email),
        now,
      )
    : null;
  const zone = env().eventTimeZone;
  return {
    members,
    decision,
    last: last
      ? {
          at: formatDeadline(new Date(last.at), zone),
          state: last.state,
          sent: last.sent,
          failedTo: last.failedTo,
          current: decision !== null && last.decision === decisionKey(decision),
        }
      : null,
    next: next?.ok ? { kind: next.kind, count: next.recipients.length } : null,
    blocked: !decision ? NO_WEEKEND : next && !next.ok ? next.error : null,
  };
}

/**
 * Mails the decision to every member with the calendar file attached. One round per decision: the
 * round is claimed in the database before any mail goes out, so a double click or a second organiser
 * sends nothing more; a round whose mails failed may be retried at once, for those mails alone.
 */
export async function announceDecision(now = new Date()): Promise<MailRoundOutcome> {
  const [plan, raw, members] = await Promise.all([getEventPlan(), getAnnouncementValue(), memberAddresses()]);
  const decision = decisionOf(plan);
  if (!decision) return { ok: false, error: NO_WEEKEND };
  const last = parseRound(raw);
  const round = planRound(
    last,
    decision,
    members.map((member) => member.email),
    now,
  );
  if (!round.ok) return round;
  const claim: AnnouncementRound = {
    sequence: round.sequence,
    decision: decisionKey(decision),
    state: "sending",
    at: now.toISOString(),
    sent: round.kind === "retry" ? (last?.sent ?? 0) : 0,
    failedTo: [],
  };
  const claimed = JSON.stringify(claim);
  if (!(await claimAnnouncement(raw, claimed))) {
    return { ok: false, error: "Another organiser has just announced it: see the page for what went out." };
  }
  const config = env();
  const calendar = eventCalendar({
    appUrl: config.appUrl,
    location: plan.location ?? undefined,
    event: plan.event,
    sequence: round.sequence,
    decided: plan.season.decided,
  });
  const mail = announcementMail({
    shortName: plan.event.shortName,
    decision,
    change: round.kind === "change" || (round.kind === "retry" && round.sequence > 0),
    appUrl: config.appUrl,
  });
  const attachments = [
    { filename: "sgw25.ics", content: calendar, contentType: "text/calendar; charset=utf-8" },
  ];
  // Half the takeover window for starting batches, each at most one mail time-out long: the round is
  // over before another organiser may take a "sending" round over as cut off.
  // Each member's copy carries their personal link to /sgw25 (signs them in on one press).
  const ids = new Map(members.map((member) => [member.email.trim().toLowerCase(), member.id]));
  const mails = await Promise.all(
    round.recipients.map(async (to) => {
      const id = ids.get(to.trim().toLowerCase());
      if (id === undefined) return { to, ...mail, attachments };
      const link = await personalLinkFor({ id }, "/sgw25");
      return { to, ...withPersonalLink(mail, config.appUrl, link), attachments };
    }),
  );
  const { sent: reached, failed: failedTo } = await sendMailRound(mails, {
    until: Date.now() + STALE_SENDING_MS / 2,
  });
  const sent = reached.length;
  await finishAnnouncement(
    JSON.stringify({
      ...claim,
      state: failedTo.length ? "failed" : "sent",
      sent: claim.sent + sent,
      failedTo,
    }),
  );
  return {
    ok: true,
    sent,
    failed: failedTo.length,
    reached,
    failedTo,
    subject: mail.subject,
    said: decisionLine(decision),
  };
}
