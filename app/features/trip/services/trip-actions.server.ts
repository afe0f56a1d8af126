import { env } from "~/platform/env.server";
import type { FormFailure } from "~/platform/lib/form-failure";
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
export type TripOutcome =
  { message: string; failure?: undefined } | { failure: FormFailure & { form: string }; message?: undefined };

const field = (form: FormData, name: string) => String(form.get(name) ?? "");
const id = (form: FormData, name = "id") => {
  const value = Number(form.get(name));
  return Number.isInteger(value) && value > 0 ? value : 0;
};
const done = (message: string): TripOutcome => ({ message });
const refuse = (form: string, error: string, extra: Omit<FormFailure, "error"> = {}): TripOutcome => ({
  failure: { form, error, ...extra },
});

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

type Handler = (trip: Trip, form: FormData) => Promise<TripOutcome>;

const member = (trip: Trip, userId: number) => trip.members.find((candidate) => candidate.userId === userId);

/** The trip page's forms, by their `intent`. Organiser-only ones check it themselves. */
export const TRIP_INTENTS: Record<string, Handler> = {
  async travel(trip, form) {
    const values = Object.fromEntries(TRAVEL_FIELDS.map((name) => [name, field(form, name)])) as TravelValues;
    const weekend = weekendDays(trip.plan.event.plannedWeekend, trip.plan.event.year)!;
    const parsed = parseTravel(values, travelDays(weekend));
    if (!parsed.travel)
      return refuse("travel", "Check your travel details.", { fieldErrors: parsed.fieldErrors, values });
    if ((await saveTravel(trip.user.id, parsed.travel)) === "seats-taken") {
      return refuse("travel", "Check your travel details.", {
        fieldErrors: { seats: "You have accepted more riders than that: free a seat first." },
        values,
      });
    }
    return done("Your travel details are saved.");
  },

  async "ask-ride"(trip, form) {
    const driver = member(trip, id(form, "driverId"));
    const travel = await listTravel();
    const driving = travel.find((row) => row.userId === driver?.userId && row.how === "driving");
    if (!driver || !driving || driver.userId === trip.user.id)
      return refuse("rides", "That driver is not on the trip.");
    if (driving.seatsTaken >= driving.seats) return refuse("rides", `${driver.name} has no free seat left.`);
    if (!(await askRide(trip.user.id, driver.userId)))
      return refuse("rides", "You already asked a driver: withdraw that request first.");
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
    const ride = await getRide(id(form));
    const rider = ride && member(trip, ride.riderId);
    if (!ride || ride.driverId !== trip.user.id || ride.status !== "pending" || !rider)
      return refuse("rides", "That request is no longer open.");
    if (field(form, "answer") === "accept") {
      const outcome = await acceptRide(ride.id, trip.user.id);
      if (outcome === "no-seat") return refuse("rides", "You have no free seat left.");
      if (outcome === "gone") return refuse("rides", "That request is no longer open.");
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
    const values = { title: field(form, "title"), notes: field(form, "notes") };
    const parsed = parseItem(values);
    if (!parsed.item)
      return refuse("add-item", "Check the item.", { fieldErrors: parsed.fieldErrors, values });
    await addItem(parsed.item);
    return done(`${parsed.item.title} is on the list.`);
  },

  async claim(trip, form) {
    return (await claimItem(id(form), trip.user.id))
      ? done("You bring it.")
      : refuse("items", "Someone already brings that.");
  },

  async unclaim(trip, form) {
    await unclaimItem(id(form), trip.user.id, trip.organiser);
    return done("Nobody brings it now.");
  },

  async done(trip, form) {
    const value = field(form, "done") === "1";
    await setItemDone(id(form), value);
    return done(value ? "Ticked off." : "Not done any more.");
  },

  async "edit-item"(trip, form) {
    if (!trip.organiser) return refuse("items", "Only an organiser edits items.");
    const values = { title: field(form, "title"), notes: field(form, "notes") };
    const parsed = parseItem(values);
    if (!parsed.item)
      return refuse(`item-${id(form)}`, "Check the item.", { fieldErrors: parsed.fieldErrors, values });
    await editItem(id(form), parsed.item);
    return done("The item is saved.");
  },

  async "remove-item"(trip, form) {
    if (!trip.organiser) return refuse("items", "Only an organiser removes items.");
    await removeItem(id(form));
    return done("The item is removed.");
  },

  async "copy-items"(trip) {
    if (!trip.organiser) return refuse("items", "Only an organiser copies last year's list.");
    const copied = await copyLastYearsItems();
    return done(
      copied
        ? `${copied} items from last year's list are on the list, unclaimed.`
        : "The list already has items.",
    );
  },

  async notes(trip, form) {
    if (!trip.organiser) return refuse("notes", "Only an organiser writes the notes.");
    const values = {
      address: field(form, "address"),
      checkIn: field(form, "checkIn"),
      keyBox: field(form, "keyBox"),
      wifi: field(form, "wifi"),
    } as Notes;
    const parsed = parseNotes(values);
    if (!parsed.notes)
      return refuse("notes", "Check the notes.", { fieldErrors: parsed.fieldErrors, values });
    await saveNotes(parsed.notes);
    return done("The practical notes are saved.");
  },

  async mails(trip, form) {
    if (!trip.organiser) return refuse("mails", "Only an organiser switches the mails.");
    const off = field(form, "off") === "1";
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
