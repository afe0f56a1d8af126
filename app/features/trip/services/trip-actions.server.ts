import { env } from "~/platform/env.server";
import { refuse } from "~/platform/services/refuse.server";
import { escapeHtml, mailLine, mailName } from "~/platform/lib/mail-text";
import { sendMail } from "~/platform/services/mail.server";
import { weekendDays } from "~/features/season/lib/event-settings";
import { parseItem, parseNotes, type Notes } from "~/features/trip/lib/items";
import { parseTravel, travelDays, type TravelValues } from "~/features/trip/lib/travel";
import {
  addItem,
  claimItem,
  copyLastYearsItems,
  editItem,
  removeItem,
  setItemDone,
  unclaimItem,
} from "~/features/trip/models/items.server";
import { saveNotes, setMailsOff } from "~/features/trip/models/settings.server";
import {
  acceptRide,
  askRide,
  declineRide,
  getRide,
  listTravel,
  saveTravel,
  withdrawRide,
} from "~/features/trip/models/travel.server";
import { renewFeed } from "~/features/trip/services/feed.server";
import type { requireTripMember } from "~/features/trip/services/trip-members.server";

type Trip = Awaited<ReturnType<typeof requireTripMember>>;
/** A trip form's fields as read (readForm): each one string, trimmed. */
export type TripForm = Record<string, string>;
/** What a handler answers: the message of a change, or its refusal. */
export type TripOutcome = { message: string } | ReturnType<typeof refuse<unknown>>;

/** A posted id (an item's, a ride's, a room's), or 0 for none. */
export const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};
const done = (message: string): TripOutcome => ({ message });

/** A short mail between two members on the trip about a ride; no notes, no one else. */
async function rideMail(to: { name: string; email: string }, subject: string, line: string) {
  const url = `${env().appUrl}/trip#getting-there`;
  const text = `Hi ${mailName(to.name)},\n\n${line}\n\nThe trip page: ${url}`;
  await sendMail({ to: to.email, subject, text, html: `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>` });
}

const TRAVEL_FIELDS: (keyof TravelValues)[] = [
  "arrivalDay",
  "arrivalPart",
  "arrivalTime",
  "departureDay",
  "departurePart",
  "departureTime",
  "fromPlace",
  "how",
  "seats",
  "airport",
];

type Handler = (trip: Trip, form: TripForm) => Promise<TripOutcome>;

const member = (trip: Trip, userId: number) => trip.members.find((candidate) => candidate.userId === userId);

/** The trip page's forms, by their `intent`. Organiser-only ones check it themselves. */
export const TRIP_INTENTS: Record<string, Handler> = {
  async travel(trip, form) {
    const values = Object.fromEntries(TRAVEL_FIELDS.map((name) => [name, form[name] ?? ""])) as TravelValues;
    const weekend = weekendDays(trip.plan.event.plannedWeekend, trip.plan.event.year)!;
    const parsed = parseTravel(values, travelDays(weekend));
    const error = "Check your travel details.";
    if (!parsed.travel) return refuse({ form: "travel", error, fieldErrors: parsed.fieldErrors, values });
    if ((await saveTravel(trip.user.id, parsed.travel)) === "seats-taken") {
      const fieldErrors = { seats: "You have accepted more riders than that: free a seat first." };
      return refuse({ form: "travel", error, fieldErrors, values });
    }
    return done("Your travel details are saved.");
  },

  async "ask-ride"(trip, form) {
    const driver = member(trip, idOf(form.driverId));
    const travel = await listTravel();
    const driving = travel.find((row) => row.userId === driver?.userId && row.how === "driving");
    if (!driver || !driving || driver.userId === trip.user.id)
      return refuse({ form: "rides", error: "That driver is not on the trip." });
    if (driving.seatsTaken >= driving.seats)
      return refuse({ form: "rides", error: `${driver.name} has no free seat left.` });
    if (!(await askRide(trip.user.id, driver.userId)))
      return refuse({ form: "rides", error: "You already asked a driver: withdraw that request first." });
    await rideMail(
      driver,
      `${mailLine(trip.name, 40)} asks you for a seat`,
      `${mailLine(trip.name, 40)} asks for a seat in your car to ${trip.plan.event.shortName}. Accept or decline on the trip page.`,
    );
    return done(`You asked ${driver.name} for a seat.`);
  },

  async "withdraw-ride"(trip) {
    await withdrawRide(trip.user.id);
    return done("Your ride request is withdrawn.");
  },

  async "answer-ride"(trip, form) {
    const ride = await getRide(idOf(form.id));
    const rider = ride && member(trip, ride.riderId);
    if (!ride || ride.driverId !== trip.user.id || ride.status !== "pending" || !rider)
      return refuse({ form: "rides", error: "That request is no longer open." });
    if (form.answer === "accept") {
      const outcome = await acceptRide(ride.id, trip.user.id);
      if (outcome === "no-seat") return refuse({ form: "rides", error: "You have no free seat left." });
      if (outcome === "gone") return refuse({ form: "rides", error: "That request is no longer open." });
      await rideMail(
        rider,
        `${mailLine(trip.name, 40)} has a seat for you`,
        `${mailLine(trip.name, 40)} accepted your ride to ${trip.plan.event.shortName}.`,
      );
      return done(`${rider.name} rides with you.`);
    }
    if (await declineRide(ride.id, trip.user.id)) {
      await rideMail(
        rider,
        `${mailLine(trip.name, 40)} has no seat for you`,
        `${mailLine(trip.name, 40)} can't take you to ${trip.plan.event.shortName}. Ask another driver on the trip page.`,
      );
    }
    return done(`You declined ${rider.name}'s request.`);
  },

  async "add-item"(trip, form) {
    const values = { title: form.title ?? "", notes: form.notes ?? "" };
    const parsed = parseItem(values);
    if (!parsed.item)
      return refuse({ form: "add-item", error: "Check the item.", fieldErrors: parsed.fieldErrors, values });
    await addItem(parsed.item);
    return done(`${parsed.item.title} is on the list.`);
  },

  async claim(trip, form) {
    return (await claimItem(idOf(form.id), trip.user.id))
      ? done("You bring it.")
      : refuse({ form: "items", error: "Someone already brings that." });
  },

  async unclaim(trip, form) {
    await unclaimItem(idOf(form.id), trip.user.id, trip.organiser);
    return done("Nobody brings it now.");
  },

  async done(trip, form) {
    const value = form.done === "1";
    await setItemDone(idOf(form.id), value);
    return done(value ? "Ticked off." : "Not done any more.");
  },

  async "edit-item"(trip, form) {
    if (!trip.organiser) return refuse({ form: "items", error: "Only an organiser edits items." });
    const values = { title: form.title ?? "", notes: form.notes ?? "" };
    const parsed = parseItem(values);
    const item = idOf(form.id);
    if (!parsed.item)
      return refuse({
        form: `item-${item}`,
        error: "Check the item.",
        fieldErrors: parsed.fieldErrors,
        values,
      });
    await editItem(item, parsed.item);
    return done("The item is saved.");
  },

  async "remove-item"(trip, form) {
    if (!trip.organiser) return refuse({ form: "items", error: "Only an organiser removes items." });
    await removeItem(idOf(form.id));
    return done("The item is removed.");
  },

  async "copy-items"(trip) {
    if (!trip.organiser)
      return refuse({ form: "items", error: "Only an organiser copies last year's list." });
    const copied = await copyLastYearsItems();
    return done(
      copied
        ? `${copied} items from last year's list are on the list, unclaimed.`
        : "The list already has items.",
    );
  },

  async notes(trip, form) {
    if (!trip.organiser) return refuse({ form: "notes", error: "Only an organiser writes the notes." });
    const values: Notes = {
      address: form.address ?? "",
      checkIn: form.checkIn ?? "",
      keyBox: form.keyBox ?? "",
      wifi: form.wifi ?? "",
    };
    const parsed = parseNotes(values);
    if (!parsed.notes)
      return refuse({ form: "notes", error: "Check the notes.", fieldErrors: parsed.fieldErrors, values });
    await saveNotes(parsed.notes);
    return done("The practical notes are saved.");
  },

  async mails(trip, form) {
    if (!trip.organiser) return refuse({ form: "mails", error: "Only an organiser switches the mails." });
    const off = form.off === "1";
    await setMailsOff(off);
    return done(off ? "The trip mails are switched off." : "The trip mails are switched on.");
  },

  async "renew-feed"(trip) {
    // The first address replaces nothing: only a renewal says the old one stopped working.
    const { renewed } = await renewFeed(trip.user.id);
    return done(
      renewed
        ? "Your calendar address is new; the old one no longer works."
        : "Your calendar address is ready: subscribe to it below.",
    );
  },
};
