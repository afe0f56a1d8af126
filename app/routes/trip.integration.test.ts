import { createHmac } from "node:crypto";
import ICAL from "ical.js";
import { personalLinkState } from "~/features/accounts/index.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { eq } from "drizzle-orm";
import { houses, moneySettings, tripFeedTokens, tripMailClaims } from "~/platform/db/schema";
import { hashToken } from "~/platform/models/session.server";
import { cookieSecret } from "~/platform/services/secret.server";
import { createUser, getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { clearEventSettings, setChosenHouseId, setPlannedWeekend } from "~/features/season/index.server";
import { listHouses } from "~/features/houses/index.server";
import { acceptRide, askRide, listRides, listTravel, saveTravel } from "~/features/trip/models/travel.server";
import { runTimeline } from "~/features/trip/services/timeline.server";
import { announceDecision } from "~/features/organiser/services/announce.server";
import { seedDemoData } from "~/seed.server";
import { ORIGIN, callRoute, cookieFrom, cookieNamed, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { DRIVING_THERE } from "../../tests/support/season";
import { useFakeMail, type SentMail } from "../../tests/support/mail";
import * as feedRoute from "~/routes/calendar.$feed";
import * as tripPage from "~/routes/trip";
import * as sheetPage from "~/routes/trip_.sheet";
import * as roomsPage from "~/routes/trip_.rooms";

const database = useFreshDatabase();
const fake = useFakeMail({ ADMIN_EMAILS: "organiser@example.com", APP_URL: ORIGIN, MAIL_TIMEOUT_MS: "5000" });
const KEY_BOX = "KEYBOX-4321-secret";
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const TRIP = ["alex", "organiser", "riley", "sam"].map((name) => `${name}@example.com`);

beforeAll(async () => {
  await seedDemoData(database.db, { confirmOrganisers: true });
  for (const name of ["alex", "sam", "riley", "jordan", "casey", "organiser"]) {
    const user = (await getUserByEmail(`${name}@example.com`))!;
    ids[name] = user.id;
    cookies[name] = cookieFrom(await createUserSession(user.id, "/"));
  }
  await setPlannedWeekend("Aug 21 - Aug 25");
  const lodge = (await listHouses()).find((house) => house.title === "Lakeside Lodge")!;
  await setChosenHouseId(lodge.id);
});

afterAll(() => clearEventSettings());

const post = (who: string, form: Record<string, string>, path = "/trip") =>
  callRoute(tripPage.action, makeRequest(path, { cookie: cookies[who], form }));
const page = async (who?: string) =>
  callRoute(tripPage.loader, makeRequest("/trip", { cookie: who ? cookies[who] : undefined }));
const travel = (how: string, extra: Record<string, string> = {}) => ({
  intent: "travel",
  arrivalDay: "2025-08-21",
  arrivalPart: "evening",
  arrivalTime: "",
  departureDay: "2025-08-25",
  departurePart: "time",
  departureTime: "10:30",
  fromPlace: "Boston",
  how,
  seats: "0",
  airport: "",
  ...extra,
});
const to = (mail: SentMail) => [mail.to].flat()[0];

describe("the trip page's privacy", () => {
  it("sends visitors to the login page and shows a member not on the trip only that it exists", async () => {
    expect(
      await post("organiser", {
        intent: "notes",
        address: "1 Lake Rd",
        checkIn: "16:00",
        keyBox: KEY_BOX,
        wifi: "lodge / pw",
      }),
    ).toMatchObject({ status: 302 });
    const visitor = await page();
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirect=%2Ftrip/);
    for (const who of ["jordan", "casey"]) {
      const body = await (await page(who)).text();
      expect(body).toContain('"open":false');
      expect(body).not.toContain(KEY_BOX);
      expect(body).not.toContain("1 Lake Rd");
      // Their forms are refused too.
      expect((await post(who, travel("other"))).status).toBe(403);
    }
    const member = await (await page("alex")).text();
    expect(member).toContain(KEY_BOX);
    expect(tripPage.headers({} as never)).toEqual({ "Cache-Control": "private, no-store" });
    expect(sheetPage.headers({ loaderHeaders: new Headers({ "X-Sheet-Member": "tag" }) } as never)).toEqual({
      "Cache-Control": "private, no-store",
      "X-Sheet-Member": "tag",
    });
  });

  it("refuses bad input with a message on the field and saves nothing", async () => {
    const refused = await post(
      "alex",
      travel("driving", { seats: "-1", arrivalDay: "2025-08-10", departureTime: "25:00" }),
    );
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.fieldErrors).toMatchObject({
      seats: expect.stringContaining("0 to 20"),
      arrivalDay: expect.stringContaining("Choose a day between Mon Aug 18 and Thu Aug 28"),
      departureTime: expect.stringContaining("HH:MM"),
    });
    expect(body.values.fromPlace).toBe("Boston");
    expect((await post("alex", { intent: "add-item", title: "x".repeat(81), notes: "" })).status).toBe(400);
    expect(await listTravel()).toEqual([]);
  });
});

describe("rooms", () => {
  const rooms = (who: string, form: Record<string, string>) =>
    callRoute(roomsPage.action, makeRequest("/trip/rooms", { cookie: cookies[who], form }));
  const plan = async (cookie = cookies.organiser) =>
    (await callRoute(roomsPage.loader, makeRequest("/trip/rooms", { cookie }))).json();
  type Plan = { people: { name: string; roomId: number | null }[] };
  const roomOfNow = (page: Plan, name: string) => page.people.find((person) => person.name === name)?.roomId;
  // A saved form redirects back with its message in the flash cookie, which the page reads.
  const flashOf = async (response: Response) => {
    expect(response.status).toBe(302);
    return (await plan(`${cookies.organiser}; ${cookieNamed(response, "sgw_flash")}`)).flash;
  };

  it("are the organiser's: beds 1 to 20, a suggestion for an empty plan only, and warnings", async () => {
    expect((await rooms("alex", { intent: "add-room", name: "Loft", beds: "2" })).status).toBe(403);
    for (const beds of ["0", "21", "-1", "2.5", ""]) {
      const refused = await rooms("organiser", { intent: "add-room", name: "Loft", beds });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        fieldErrors: { beds: expect.stringContaining("1 to 20") },
        values: { name: "Loft" },
      });
    }
    expect((await rooms("organiser", { intent: "generate" })).status).toBe(302);
    const generated = await plan();
    expect(generated.rooms).toHaveLength(7);
    expect(generated.rooms.reduce((sum: number, room: { beds: number }) => sum + room.beds, 0)).toBe(11);
    expect((await rooms("organiser", { intent: "suggest" })).status).toBe(302);
    const suggested = await plan();
    expect(suggested.warnings).toEqual([]);
    // Alex and the boo share a room, Riley and the child too; Sam (won't share) has a room alone: no
    // room of this house has three beds for Sam's family, which the suggestion says (not a warning).
    const roomOf = (name: string) =>
      suggested.people.find((person: { name: string }) => person.name === name).roomId;
    expect(roomOf("Alex's boo")).toBe(roomOf("Alex"));
    expect(roomOf("Riley's child")).toBe(roomOf("Riley"));
    expect(
      suggested.people.filter((person: { roomId: number }) => person.roomId === roomOf("Sam")),
    ).toHaveLength(1);
    expect((await rooms("organiser", { intent: "suggest" })).status).toBe(400);
    // Moving Riley in with Sam warns; moving someone not on the trip is refused.
    expect(
      (
        await rooms("organiser", {
          intent: "place",
          person: String(ids.riley),
          roomId: String(roomOf("Sam")),
        })
      ).status,
    ).toBe(302);
    expect((await plan()).warnings).toEqual([
      expect.stringMatching(/^Bedroom \d has 2 people for 1 bed\.$/),
      expect.stringMatching(/^Sam won't share a room but is in Bedroom \d with Riley\.$/),
    ]);
    // The one "Move someone" form: who and where are both chosen, else a message on the field and
    // nothing saved; someone not on the trip (Jordan) or a room that is gone is refused too.
    const refusals: [Record<string, string>, Record<string, RegExp>][] = [
      [{ person: String(ids.jordan), roomId: String(roomOf("Sam")) }, { person: /not on the trip/ }],
      [{ person: "", roomId: String(roomOf("Sam")) }, { person: /Choose a person/ }],
      [{ person: `${ids.alex}:boo`, roomId: "" }, { roomId: /Choose a room, or No room/ }],
      [{ person: `${ids.alex}:boo`, roomId: "abc" }, { roomId: /Choose a room, or No room/ }],
      [{ person: `${ids.alex}:boo`, roomId: "999999" }, { roomId: /gone/ }],
      // Alex brings no child: "Alex's child" is nobody on the trip.
      [{ person: `${ids.alex}:child`, roomId: "none" }, { person: /not on the trip/ }],
    ];
    for (const [form, fieldErrors] of refusals) {
      const refused = await rooms("organiser", { intent: "place", ...form });
      expect(refused.status, JSON.stringify(form)).toBe(400);
      const body = await refused.json();
      expect(body).toMatchObject({ form: "place", values: form });
      for (const [name, message] of Object.entries(fieldErrors))
        expect(body.fieldErrors[name]).toMatch(message);
    }
    expect(roomOfNow(await plan(), "Alex's boo")).toBe(roomOf("Alex"));
    // "No room" (and a room's Take out button, which posts the same) takes someone out: warned.
    expect(
      await flashOf(await rooms("organiser", { intent: "place", person: `${ids.alex}:boo`, roomId: "none" })),
    ).toBe("Alex's boo is in no room now.");
    const out = await plan();
    expect(roomOfNow(out, "Alex's boo")).toBeNull();
    expect(out.warnings).toContain("Alex's boo is in no room.");
    expect(
      await flashOf(
        await rooms("organiser", {
          intent: "place",
          person: `${ids.alex}:boo`,
          roomId: String(roomOf("Alex")),
        }),
      ),
    ).toMatch(/^Alex's boo is in Bedroom \d now\.$/);
    const member = await (await page("riley")).json();
    expect(member.myRoom.with).toEqual(["Sam"]);
    expect(member.warnings).toEqual([]);
  });
});

describe("rides", () => {
  it("a rider asks, the driver accepts, both get a mail without the notes", async () => {
    expect((await post("alex", travel("driving", { seats: "2" }))).status).toBe(302);
    expect((await post("riley", travel("ride"))).status).toBe(302);
    const before = fake.mails.length;
    expect((await post("riley", { intent: "ask-ride", driverId: String(ids.alex) })).status).toBe(302);
    // Asking again while one request is open is refused.
    expect((await post("riley", { intent: "ask-ride", driverId: String(ids.alex) })).status).toBe(400);
    const ride = (await listRides()).find((row) => row.riderId === ids.riley)!;
    expect(
      (await post("alex", { intent: "answer-ride", id: String(ride.id), answer: "accept" })).status,
    ).toBe(302);
    const mails = fake.mails.slice(before);
    expect(mails.map(to)).toEqual(["alex@example.com", "riley@example.com"]);
    for (const mail of mails) expect(mail.text + mail.html).not.toContain(KEY_BOX);
    expect((await listTravel()).find((row) => row.userId === ids.alex)).toMatchObject({
      seats: 2,
      seatsTaken: 1,
    });
    // The driver cannot drop below the seats already taken.
    const refused = await post("alex", travel("driving", { seats: "0" }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors.seats).toMatch(/free a seat first/);
  });

  it("10 requests accepted at once for 3 seats give 3 accepted at most", async () => {
    const driver = (await createUser({ email: "driver@example.com", password: "secret1", name: "Driver" }))!;
    await saveTravel(driver.id, { ...DRIVING_THERE, seats: 3 });
    const riders = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        createUser({ email: `rider${index}@example.com`, password: "secret1", name: `R${index}` }),
      ),
    );
    for (const rider of riders) expect(await askRide(rider!.id, driver.id)).toBe(true);
    const pending = (await listRides()).filter((ride) => ride.driverId === driver.id);
    const outcomes = await Promise.all(pending.map((ride) => acceptRide(ride.id, driver.id)));
    expect(outcomes.filter((outcome) => outcome === "accepted")).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === "no-seat")).toHaveLength(7);
    expect(
      (await listRides()).filter((ride) => ride.driverId === driver.id && ride.status === "accepted"),
    ).toHaveLength(3);
    expect((await listTravel()).find((row) => row.userId === driver.id)).toMatchObject({
      seats: 3,
      seatsTaken: 3,
    });
  });
});

describe("the calendar feed", () => {
  const feedUrl = async (who: string) => {
    const body = await (await page(who)).json();
    return body.feed as { https: string; webcal: string } | null;
  };
  const get = async (url: string) => {
    const path = new URL(url).pathname;
    return callRoute(feedRoute.loader, makeRequest(path), { feed: path.split("/").pop()! });
  };
  const vevents = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((event) => ({
      uid: event.getFirstPropertyValue("uid"),
      sequence: Number(event.getFirstPropertyValue("sequence") ?? 0),
      summary: event.getFirstPropertyValue("summary"),
    }));

  it("serves the weekend and the member's own times, grows SEQUENCE on change, never the notes; renewing kills the old address", async () => {
    expect(await feedUrl("alex")).toBeNull();
    expect((await post("alex", { intent: "renew-feed" })).status).toBe(302);
    const first = (await feedUrl("alex"))!;
    expect(first.webcal).toMatch(/^webcal:\/\/localhost:3000\/calendar\/[\w-]+\.ics$/);
    const response = await get(first.https);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    expect(text).not.toContain(KEY_BOX);
    expect(text).not.toContain("1 Lake Rd");
    const events = vevents(text);
    expect(events.map((event) => event.uid)).toEqual([
      "sgw25-weekend@sgw25-planner",
      `sgw25-arrival-${ids.alex}@sgw25-planner`,
      `sgw25-departure-${ids.alex}@sgw25-planner`,
    ]);
    expect(vevents(await (await get(first.https)).text())[0].sequence).toBe(events[0].sequence);
    await post("alex", travel("driving", { seats: "2", arrivalPart: "morning" }));
    const changed = vevents(await (await get(first.https)).text());
    expect(changed[0].sequence).toBe(events[0].sequence + 1);
    expect(changed[1].summary).toContain("morning");

    await post("alex", { intent: "renew-feed" });
    const second = (await feedUrl("alex"))!;
    expect(second.https).not.toBe(first.https);
    expect((await get(first.https)).status).toBe(404);
    expect((await get(second.https)).status).toBe(200);
    expect((await get(`${ORIGIN}/calendar/nonsense.ics`)).status).toBe(404);
  });

  it("an address made before calendar tokens were sealed (an HMAC of the secret and a salt) is still shown and answers", async () => {
    const salt = "made-before-2026-11-29";
    const token = createHmac("sha256", await cookieSecret())
      .update(`trip-feed:${ids.riley}:${salt}`)
      .digest("base64url");
    const db = await getDb();
    await db.insert(tripFeedTokens).values({ userId: ids.riley!, salt, tokenHash: hashToken(token) });
    const shown = (await feedUrl("riley"))!;
    expect(shown.https).toBe(`${ORIGIN}/calendar/${token}.ics`);
    expect((await get(shown.https)).status).toBe(200);
  });
});

describe("timeline mails", () => {
  const ofMoment = (subject: string) => fake.mails.filter((mail) => mail.subject === subject);

  it("go once per member on the trip across two instances at once and a restart, only to those on the trip", async () => {
    // Jordan (maybe) and Casey (no) are not on the trip; the organiser is.
    const db = await getDb();
    await post("sam", travel("ride"));
    await post("sam", { intent: "ask-ride", driverId: String(ids.alex) });
    const july = new Date("2025-07-25T12:00:00Z");
    // Decided, not yet announced: no trip mail goes before the group heard the decision (issue 55).
    expect(await runTimeline(july)).toBe(0);
    expect((await announceDecision(new Date("2025-07-25T11:00:00Z"))).ok).toBe(true);
    const sent = await Promise.all([runTimeline(july), runTimeline(july)]);
    expect(sent[0] + sent[1]).toBe(TRIP.length);
    // A restart: nothing in the process remembers; the claims in the database do.
    expect(await runTimeline(new Date("2025-07-26T12:00:00Z"))).toBe(0);
    // The 30-day moment, sent late: it says the days truly left (25 July to 21 August).
    expect(ofMoment("SGW25 is in 30 days")).toEqual([]);
    const thirty = ofMoment("SGW25 is in 27 days");
    expect(thirty.map(to).sort()).toEqual(TRIP);
    const text = (who: string) => thirty.find((mail) => to(mail) === `${who}@example.com`)!.text;
    expect(text("riley")).toContain(KEY_BOX);
    expect(text("riley")).toContain("Nothing: you are all set.");
    // Riley's own personal link: one press signs Riley in on /trip.
    const token = /trip page: \S+\/continue\/([\w-]+)/.exec(text("riley"))![1];
    expect(await personalLinkState(token)).toMatchObject({ state: "live", target: "/trip" });
    expect(text("sam")).toContain("You asked Alex for a seat; they have not answered yet.");
    expect(text("organiser")).toContain("Your arrival and departure times are missing.");
    for (const mail of fake.mails.filter((candidate) =>
      ["jordan@example.com", "casey@example.com"].includes(to(candidate)),
    )) {
      expect(mail.text + mail.html).not.toContain(KEY_BOX);
    }
    // The announcement went to every member; no trip mail to those not on the trip.
    const tripMails = fake.mails.filter((mail) => mail.subject.startsWith("SGW25 is in "));
    expect(tripMails.some((mail) => ["jordan@example.com", "casey@example.com"].includes(to(mail)))).toBe(
      false,
    );

    // The house gets a price: no share is quoted until the organiser names who receives the money.
    const lodge = (await listHouses()).find((house) => house.title === "Lakeside Lodge")!;
    await db.update(houses).set({ priceMinor: 90_000, currency: "USD" }).where(eq(houses.id, lodge.id));
    expect(thirty.every((mail) => !mail.text.includes("Your share"))).toBe(true);
    await db.insert(moneySettings).values({ receiverId: ids.alex });
    const week = new Date("2025-08-15T08:00:00Z");
    const again = await Promise.all([runTimeline(week), runTimeline(week)]);
    expect(again[0] + again[1]).toBe(TRIP.length);
    const seven = ofMoment("SGW25 is in 6 days");
    expect(seven.map(to).sort()).toEqual(TRIP);
    const sevenFor = (who: string) => seven.find((mail) => to(mail) === `${who}@example.com`)!.text;
    expect(sevenFor("riley")).toMatch(/Your share: \$[\d,.]+ is still to pay/);
    expect(sevenFor("organiser")).not.toContain("Your share");
    expect(await runTimeline(week)).toBe(0);
    const claims = await db.select().from(tripMailClaims);
    expect(claims).toHaveLength(TRIP.length * 2);
    expect(claims.every((claim) => claim.state === "sent")).toBe(true);
  });

  it("sends nothing once the weekend began, nor while switched off, and the organiser sees what went", async () => {
    expect(await runTimeline(new Date("2025-08-21T00:00:00Z"))).toBe(0);
    expect((await post("organiser", { intent: "mails", off: "1" })).status).toBe(302);
    await setPlannedWeekend("Sep 18 - Sep 22");
    expect(await runTimeline(new Date("2025-09-10T00:00:00Z"))).toBe(0);
    await post("organiser", { intent: "mails", off: "0" });
    // The moved weekend is not the one announced: its mails wait for its own announcement.
    expect(await runTimeline(new Date("2025-09-11T00:00:00Z"))).toBe(0);
    expect((await announceDecision(new Date("2025-09-11T01:00:00Z"))).ok).toBe(true);
    // A moved weekend gets its own mails; a moment missed while no instance ran goes out now.
    expect(await runTimeline(new Date("2025-09-12T00:00:00Z"))).toBe(TRIP.length);
    const organiser = await (await page("organiser")).json();
    expect(organiser.timeline.moments).toEqual([
      expect.objectContaining({ days: 30, sent: 0 }),
      expect.objectContaining({ days: 7, sent: TRIP.length }),
    ]);
    expect((await (await page("alex")).json()).timeline).toBeNull();
  });
});
