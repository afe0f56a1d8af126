import { data, redirect } from "@remix-run/node";
import { anyFields, readForm, type ReadOptions } from "~/platform/services/read-form.server";
import { UNKNOWN_REQUEST, handlerFor } from "~/platform/lib/dispatch";
import { env } from "~/platform/env.server";
import { bestWeekends } from "~/features/results/lib/best-weekends";
import { weekendLong } from "~/features/season/lib/event-settings";
import { eventFactsSchema, plannedWeekendSchema } from "~/features/season/lib/event-settings-schema";
import { SEASON_WORDS } from "~/features/season/lib/season-state";
import { firstErrorPerField } from "~/platform/lib/field-errors";
import { saveEventFacts, setPlannedWeekend, getCurrentEdition } from "~/features/season/index.server";
import { headcount, headcountRows } from "~/features/results/lib/headcount";
import { getWeekendCounts, listHeadcountRecords, getEventPlan } from "~/features/results/index.server";
import type { InvitePanelData } from "~/features/organiser/components/invite-panel";
import { formatDeadline, formatShortTime } from "~/platform/lib/deadline";
import { listPendingInvitations } from "~/features/organiser/models/invitation.server";
import type { HeadcountPanelData } from "~/features/organiser/components/headcount-panel";
import type { DecisionPanelData } from "~/features/organiser/components/decision-panel";
import type { EventFactsData } from "~/features/organiser/components/event-panel";
import { announceDecision, getAnnounceStatus } from "~/features/organiser/services/announce.server";
import { inviteAddresses, planInvitations } from "~/features/organiser/services/invite.server";
import { INVITE_DAILY_CAP, INVITE_LIST_MAX } from "~/features/organiser/lib/invite-limits";
import { setFlash } from "~/platform/services/flash.server";
import { listMailRounds, recordMailRound } from "~/features/organiser/models/mail-round.server";
import { announcementMail } from "~/features/season/lib/announcement";
import { requireOrganiser } from "~/features/accounts/index.server";
import { refuse } from "~/platform/services/refuse.server";

/** Back to the organiser page the form came from, whose flash says what was done. */
export async function doneOn(page: string, message: string) {
  return redirect(page, { headers: { "Set-Cookie": await setFlash({ message }) } });
}

/** The event's facts as its form shows them. */
export async function getEventFacts(): Promise<EventFactsData> {
  const { event } = await getEventPlan();
  return {
    name: event.name,
    shortName: event.shortName,
    expectedMin: event.expectedMin,
    expectedMax: event.expectedMax,
    chatUrl: event.chatUrl,
    defaultChatUrl: env().chatUrl,
  };
}

/** The decision: the weekend chosen or planned, the house, Best Weekends and every window. */
export async function getDecision(): Promise<DecisionPanelData & { shortName: string; year: number }> {
  const [{ event, location, season }, { windows }] = await Promise.all([getEventPlan(), getCurrentEdition()]);
  const weekends = await getWeekendCounts(windows);
  const { top } = bestWeekends(
    weekends.counts,
    weekends.respondents,
    event.plannedWeekend,
    undefined,
    windows,
  );
  return {
    shortName: event.shortName,
    year: event.year,
    weekend: season.weekendChosen ? `${weekendLong(event.plannedWeekend, event.year)}, ${event.year}` : null,
    planned: event.plannedWeekend,
    season: SEASON_WORDS[season.phase].organiser,
    house: location,
    best: top,
    windows: weekends.counts.map((entry) => ({ label: entry.label, free: entry.yes + entry.maybe })),
  };
}

/** The headcount of the yeses and maybes, against the chosen house when there is one. */
export async function getHeadcount(): Promise<HeadcountPanelData> {
  const [{ house }, records] = await Promise.all([getEventPlan(), listHeadcountRecords()]);
  const count = headcount(records);
  return {
    count,
    rows: headcountRows(count),
    house: house ? { title: house.title, beds: house.num_beds, bedrooms: house.num_bedrooms } : null,
  };
}

/** The invited addresses that have not registered yet. */
export async function getInvitePanel(): Promise<InvitePanelData> {
  const pending = await listPendingInvitations();
  return {
    pending: pending.map((entry) => ({
      ...entry,
      invitedAt: formatShortTime(entry.invitedAt, env().eventTimeZone),
    })),
  };
}

export const getAnnouncePanel = (now = new Date()) => getAnnounceStatus(now);

/** The announcement as the next round will read it, for its confirmation step. */
export async function getAnnouncePreview(announce: Awaited<ReturnType<typeof getAnnounceStatus>>) {
  if (!announce.decision || !announce.next) return null;
  const { event } = await getEventPlan();
  const { subject, text } = announcementMail({
    shortName: event.shortName,
    decision: announce.decision,
    change: announce.next.kind !== "first",
    appUrl: env().appUrl,
  });
  return { subject, text };
}

/** Every round sent, newest first, for the Mail page's history. */
export async function getMailHistory() {
  const zone = env().eventTimeZone;
  return (await listMailRounds()).map((round) => ({
    id: round.id,
    kind: round.kind,
    subject: round.subject,
    said: round.said,
    reached: round.reached,
    failed: round.failed,
    at: formatDeadline(round.sentAt, zone),
  }));
}

/** An organiser form's fields as read (readForm): each one string, trimmed. */
export type Form = Record<string, string>;

const EVENT_FIELDS = ["name", "shortName", "expectedMin", "expectedMax", "chatUrl"];

/** Saves the event's facts; a refusal names each field and keeps what was typed. */
export async function saveEventIntent(form: Form, page: string) {
  const parsed = eventFactsSchema.safeParse(form);
  if (!parsed.success) {
    const values = Object.fromEntries(EVENT_FIELDS.map((key) => [key, form[key] ?? ""]));
    return refuse({
      error: "The event was not saved: see the fields below.",
      fieldErrors: firstErrorPerField(parsed.error),
      values,
      form: "event",
    });
  }
  await saveEventFacts(parsed.data);
  return doneOn(page, "The event is saved.");
}

export async function chooseWeekendIntent(form: Form, page: string) {
  const { year } = (await getEventPlan()).event;
  const parsed = plannedWeekendSchema(year).safeParse(form.weekend);
  if (!parsed.success) return refuse({ error: parsed.error.issues[0].message });
  await setPlannedWeekend(parsed.data);
  return doneOn(page, `The weekend is ${weekendLong(parsed.data, year)}, ${year}.`);
}

export async function clearWeekendIntent(_form: Form, page: string) {
  await setPlannedWeekend(null);
  return doneOn(page, "The weekend choice is undone.");
}

export async function announceIntent(_form: Form, page: string, organiserId: number) {
  const outcome = await announceDecision();
  if (!outcome.ok) return refuse({ error: outcome.error }, { status: 409 });
  await recordMailRound({
    kind: "announcement",
    subject: outcome.subject,
    said: outcome.said,
    reached: outcome.reached,
    failed: outcome.failedTo,
    sentBy: organiserId,
  });
  const failed = outcome.failed ? ` ${outcome.failed} could not be sent: "Retry" sends those alone.` : "";
  return doneOn(
    page,
    `The decision went to ${outcome.sent} ${outcome.sent === 1 ? "member" : "members"}.${failed}`,
  );
}

/** The people page reads the invite box whole, up to its own limit. */
export const INVITES_READ: ReadOptions = { max: { addresses: INVITE_LIST_MAX } };

export async function inviteIntent(form: Form, page: string, organiserId: number) {
  const addresses = form.addresses ?? "";
  const outcome = await inviteAddresses(addresses, organiserId);
  if (!outcome.ok) return refuse({ error: outcome.error, values: { addresses } });
  await recordMailRound({
    kind: "invitations",
    subject: outcome.subject,
    said: "A link to the register form, the address filled in.",
    reached: outcome.invited,
    failed: outcome.failed,
    sentBy: organiserId,
  });
  const parts = [
    `Invited ${outcome.invited.length}: ${outcome.invited.join(", ") || "nobody"}.`,
    outcome.registered.length ? `Already registered: ${outcome.registered.join(", ")}.` : "",
    outcome.recent.length
      ? `Already invited in the last 24 hours, not mailed again: ${outcome.recent.join(", ")}.`
      : "",
    outcome.overCap.length
      ? `The limit of ${INVITE_DAILY_CAP} invitations a day is reached, not invited: ${outcome.overCap.join(", ")}.`
      : "",
    outcome.invalid.length ? `Not an e-mail address: ${outcome.invalid.join(", ")}.` : "",
    outcome.failed.length ? `Could not be sent: ${outcome.failed.join(", ")} (try again).` : "",
  ];
  return doneOn(page, parts.filter(Boolean).join(" "));
}

/** The invitations' confirmation step, answered to the first post of the list. */
export type InviteStep = {
  step: "invite";
  addresses: string;
  fresh: string[];
  again: string[];
  registered: string[];
  invalid: string[];
  preview: { subject: string; text: string };
};
type Intent = (form: Form, page: string, organiserId: number) => Promise<unknown>;

/**
 * An organiser page's action: only for the organiser; the post read (with the page's `read` options,
 * a field longer than most), the posted `intent` looked up in the page's own handlers, each of which
 * redirects back to `page` with its message or answers (a refusal, a step).
 */
export async function runIntent<Handlers extends Record<string, Intent>>(
  request: Request,
  page: string,
  handlers: Handlers,
  read?: ReadOptions,
): Promise<Awaited<ReturnType<Handlers[keyof Handlers]>> | ReturnType<typeof refuse>> {
  const organiser = await requireOrganiser(request);
  const form = await readForm(request, anyFields, read);
  if (!form.ok) return refuse(form.failure);
  const handler = handlerFor(handlers, form.data.intent);
  if (!handler) return refuse({ error: UNKNOWN_REQUEST });
  return handler(form.data, page, organiser.id) as Promise<Awaited<ReturnType<Handlers[keyof Handlers]>>>;
}

/** The invitations' confirmation step: whom the list reaches, who was invited before, the mail. */
export async function checkInvitesIntent(form: Form) {
  const addresses = form.addresses ?? "";
  const plan = await planInvitations(addresses);
  if (!plan.ok) return refuse({ error: plan.error, values: { addresses } });
  const zone = env().eventTimeZone;
  const named = (address: string) => (plan.names[address] ? `${plan.names[address]} <${address}>` : address);
  return data<InviteStep>({
    step: "invite",
    addresses,
    fresh: plan.fresh.map(named),
    again: plan.again.map(
      (entry) => `${named(entry.email)} (invited ${formatShortTime(entry.invitedAt, zone)})`,
    ),
    registered: plan.registered,
    invalid: plan.invalid,
    preview: plan.preview,
  });
}
