import { json, redirect } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { bestWeekends } from "~/features/results/lib/best-weekends";
import { weekendLong } from "~/features/event/lib/event-settings";
import { eventFactsSchema, plannedWeekendSchema } from "~/features/event/lib/event-settings-schema";
import { firstErrorPerField } from "~/platform/lib/field-errors";
import type { FormFailure } from "~/platform/lib/form-failure";
import { saveEventFacts, setPlannedWeekend } from "~/features/event/server";
import { headcount, headcountRows } from "~/features/event/lib/headcount";
import { getCurrentEdition } from "~/features/editions/server";
import { getWeekendCounts, listHeadcountRecords } from "~/features/event/server";
import type { AnnouncePanelData } from "~/features/organiser/components/announce-panel";
import type { InvitePanelData } from "~/features/organiser/components/invite-panel";
import { formatShortTime } from "~/platform/lib/deadline";
import { listPendingInvitations } from "~/features/organiser/models/invitation.server";
import type { HeadcountPanelData } from "~/features/organiser/components/headcount-panel";
import type { DecisionPanelData } from "~/features/organiser/components/decision-panel";
import type { EventFactsData } from "~/features/organiser/components/event-panel";
import { announceDecision, getAnnounceStatus } from "~/features/event/server";
import { inviteAddresses } from "~/features/organiser/services/invite.server";
import { INVITE_DAILY_CAP } from "~/features/organiser/lib/invitations";
import { getEventPlan } from "~/features/event/server";
import { setFlash } from "~/platform/services/flash.server";

/** The organiser's event form, decision and announcement panels, from the settings and the survey. */
export async function getOrganiserEvent(now = new Date()) {
  const [{ event, location, house }, { windows }, announce, records, pending] = await Promise.all([
    getEventPlan(),
    getCurrentEdition(),
    getAnnounceStatus(now),
    listHeadcountRecords(),
    listPendingInvitations(),
  ]);
  const weekends = await getWeekendCounts(windows);
  const count = headcount(records);
  const { top } = bestWeekends(
    weekends.counts,
    weekends.respondents,
    event.plannedWeekend,
    undefined,
    windows,
  );
  const data: {
    event: EventFactsData;
    decision: DecisionPanelData;
    announce: AnnouncePanelData;
    headcount: HeadcountPanelData;
    invite: InvitePanelData;
  } = {
    invite: {
      pending: pending.map((entry) => ({
        ...entry,
        invitedAt: formatShortTime(entry.invitedAt, env().eventTimeZone),
      })),
    },
    announce,
    headcount: {
      count,
      rows: headcountRows(count),
      house: house ? { title: house.title, beds: house.num_beds, bedrooms: house.num_bedrooms } : null,
    },
    event: {
      name: event.name,
      shortName: event.shortName,
      expectedMin: event.expectedMin,
      expectedMax: event.expectedMax,
      chatUrl: event.chatUrl,
      defaultChatUrl: env().chatUrl,
    },
    decision: {
      weekend: event.weekendChosen ? `${weekendLong(event.plannedWeekend, event.year)}, ${event.year}` : null,
      planned: event.plannedWeekend,
      house: location,
      best: top,
      windows: weekends.counts.map((entry) => ({ label: entry.label, free: entry.yes + entry.maybe })),
    },
  };
  return data;
}

const done = async (message: string, hash: string) =>
  redirect(`/organiser${hash}`, { headers: { "Set-Cookie": await setFlash({ message }) } });

/** The event form's and the decision panel's intents; null for any other intent. */
export async function eventAction(
  form: Record<string, FormDataEntryValue>,
  organiserId: number,
): Promise<Response | null> {
  if (form.intent === "save-event") {
    const parsed = eventFactsSchema.safeParse(form);
    if (!parsed.success) {
      const values = Object.fromEntries(
        ["name", "shortName", "expectedMin", "expectedMax", "chatUrl"].map((key) => [
          key,
          String(form[key] ?? ""),
        ]),
      );
      return json<FormFailure>(
        {
          error: "The event was not saved: see the fields below.",
          fieldErrors: firstErrorPerField(parsed.error),
          values,
          form: "event",
        },
        { status: 400 },
      );
    }
    await saveEventFacts(parsed.data);
    return done("The event is saved.", "#event-heading");
  }
  if (form.intent === "choose-weekend") {
    const { year } = (await getEventPlan()).event;
    const parsed = plannedWeekendSchema(year).safeParse(form.weekend);
    if (!parsed.success)
      return json<FormFailure>({ error: parsed.error.issues[0].message, form: "decision" }, { status: 400 });
    await setPlannedWeekend(parsed.data);
    return done(`The weekend is ${weekendLong(parsed.data, year)}, ${year}.`, "#decision-heading");
  }
  if (form.intent === "announce") {
    const outcome = await announceDecision();
    if (!outcome.ok) return json<FormFailure>({ error: outcome.error, form: "announce" }, { status: 409 });
    const failed = outcome.failed ? ` ${outcome.failed} could not be sent: "Retry" sends those alone.` : "";
    return done(
      `The decision went to ${outcome.sent} ${outcome.sent === 1 ? "member" : "members"}.${failed}`,
      "#announce-heading",
    );
  }
  if (form.intent === "invite") {
    const outcome = await inviteAddresses(String(form.addresses ?? "").slice(0, 20000), organiserId);
    if (!outcome.ok) return json<FormFailure>({ error: outcome.error, form: "invite" }, { status: 400 });
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
    return done(parts.filter(Boolean).join(" "), "#invite-heading");
  }
  if (form.intent === "clear-weekend") {
    await setPlannedWeekend(null);
    return done("The weekend choice is undone.", "#decision-heading");
  }
  return null;
}
