import { env } from "~/platform/env.server";
import { startTicker } from "~/platform/services/ticker.server";
import { formatDeadline } from "~/platform/lib/deadline";
import { sendMail } from "~/platform/services/mail.server";
import { personalLinkFor } from "~/features/accounts/index.server";
import { weekendDays } from "~/features/season/lib/event-settings";
import { dayIn } from "~/features/season/lib/season-state";
import { getSeasonState } from "~/features/season/index.server";
import { getEventPlan } from "~/features/results/index.server";
import { sharesStillDue } from "~/features/money/index.server";
import { NOTE_FIELDS } from "~/features/trip/lib/items";
import {
  daysUntil,
  dueMoment,
  momentKey,
  momentTimes,
  timelineMail,
  type Moment,
} from "~/features/trip/lib/timeline";
import { listItems } from "~/features/trip/models/items.server";
import { listPlacements, listRooms } from "~/features/trip/models/rooms.server";
import {
  claimMail,
  finishMail,
  getTripSettings,
  listMailClaims,
} from "~/features/trip/models/settings.server";
import { listRides, listTravel } from "~/features/trip/models/travel.server";
import { listTripMembers } from "~/features/trip/services/trip-members.server";
import { eventFacts, roomPlan } from "~/features/trip/services/trip-facts.server";

/**
 * Sends the moment's mail to every member on the trip who has not had it: each one is claimed in
 * the database first (trip_mail_claims' key), so two instances, two ticks or a restart never send
 * one twice. Returns how many this call sent.
 */
export async function runTimeline(now = new Date()): Promise<number> {
  const [plan, settings, season] = await Promise.all([
    getEventPlan(),
    getTripSettings(),
    getSeasonState(now),
  ]);
  // Only an announced season has a trip to mail about: never a plan (decision 024), and never before
  // the group heard the decision from the organiser (the weekend itself stops them: dueMoment).
  if (settings.mailsOff || season.phase !== "announced") return 0;
  const days = weekendDays(plan.event.plannedWeekend, plan.event.year);
  const due = days && dueMoment(now, days.start);
  if (!due) return 0;
  const key = momentKey(due, plan.event.plannedWeekend);
  const [members, rooms, placements, travel, rides, items, owing] = await Promise.all([
    listTripMembers(),
    listRooms(),
    listPlacements(),
    listTravel(),
    listRides(),
    listItems(),
    sharesStillDue(),
  ]);
  const facts = eventFacts(plan);
  const notes = NOTE_FIELDS.map((field) => ({ label: field.label, value: settings[field.name] })).filter(
    (note) => note.value,
  );
  const name = (userId: number) => members.find((member) => member.userId === userId)?.name ?? "someone";
  let sent = 0;
  for (const member of members) {
    if (!(await claimMail(member.userId, key))) continue;
    const { mine } = roomPlan(members, rooms, placements, member.userId);
    const open: string[] = [];
    if (!travel.some((row) => row.userId === member.userId))
      open.push("Your arrival and departure times are missing.");
    const ride = rides.find((row) => row.riderId === member.userId && row.status === "pending");
    if (ride) open.push(`You asked ${name(ride.driverId)} for a seat; they have not answered yet.`);
    const owed = owing.get(member.userId);
    if (owed) open.push(`Your share: ${owed} is still to pay (see the money page).`);
    const claimed = items
      .filter((item) => item.claimedBy === member.userId && !item.done)
      .map((item) => item.title);
    const mail = timelineMail(member.name, {
      ...facts,
      days: due,
      daysLeft: daysUntil(dayIn(now, env().eventTimeZone), days.start),
      room: mine
        ? {
            name: mine.name,
            with: mine.people
              .filter((person) => person.userId !== member.userId)
              .map((person) => person.name),
          }
        : null,
      open,
      claimed,
      notes,
      // The member's own personal link: one press signs them in on /trip (decision 018).
      tripUrl: await personalLinkFor({ id: member.userId }, "/trip"),
    });
    const ok = await sendMail({ to: member.email, ...mail });
    await finishMail(member.userId, key, ok ? "sent" : "failed");
    if (ok) sent += 1;
  }
  return sent;
}

/** For the organiser: when each mail goes out, what went, and whether they are switched off. */
export async function timelineStatus() {
  const [plan, settings, claims] = await Promise.all([getEventPlan(), getTripSettings(), listMailClaims()]);
  const days = weekendDays(plan.event.plannedWeekend, plan.event.year);
  const zone = env().eventTimeZone;
  const moments = days
    ? momentTimes(days.start).map(({ days: before, at }) => {
        const key = momentKey(before as Moment, plan.event.plannedWeekend);
        const mine = claims.filter((claim) => claim.moment === key);
        const count = (state: string) => mine.find((claim) => claim.state === state)?.count ?? 0;
        return {
          days: before,
          at: formatDeadline(at, zone),
          sent: count("sent"),
          failed: count("failed") + count("sending"),
        };
      })
    : [];
  const season = await getSeasonState();
  return { mailsOff: settings.mailsOff, waitsForAnnouncement: season.phase === "decided", moments };
}

/**
 * Starts the timeline with the server process: a first look soon after start (a moment missed while
 * no instance ran goes out then), then once a minute. The timer never keeps the process alive.
 */
export function startTripTimeline() {
  startTicker("Trip mails", () => runTimeline(), { firstAfterMs: 2_000 });
}
