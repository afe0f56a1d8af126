import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { surveys } from "~/platform/db/schema";
import { getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { listHouses } from "~/features/houses/index.server";
import { runTimeline } from "~/features/trip/services/timeline.server";
import { seedDemoData } from "~/seed.server";
import { callRoute, cookieFrom, makeRequest, ORIGIN } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { useFakeMail, type SentMail } from "../../tests/support/mail";
import { organiserAction } from "../../tests/support/organiser-pages";
import * as root from "~/root";
import * as home from "~/routes/_index";
import * as eventPage from "~/routes/sgw25";
import * as calendar from "~/routes/sgw25[.]ics";
import * as decide from "~/routes/organiser_.decide";
import * as nextEdition from "~/routes/organiser_.next-edition";
import * as moneySetup from "~/routes/money.setup";
import { getReminderStatus } from "~/features/organiser/services/reminders.server";
import { getArchivedEdition } from "~/features/season/index.server";

// One walk through the season's states, each checked on every page that says where the season
// stands, the navigation, the calendar file and the trip's mails (decision 024).
const database = useFreshDatabase();
const fake = useFakeMail({ ADMIN_EMAILS: "organiser@example.com", APP_URL: ORIGIN, MAIL_TIMEOUT_MS: "5000" });
const cookies: Record<string, string> = {};

// SGW26's planned weekend: not the year's default, so the organiser picked it when starting the edition.
const PLANNED = "Sep 17 - Sep 21";
const at = (iso: string) => vi.setSystemTime(new Date(iso));
// 26 days before the weekend: the "in 30 days" moment has passed.
const BEFORE = "2026-08-22T12:00:00Z";

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  at("2026-08-01T12:00:00Z");
  await seedDemoData(database.db, { confirmOrganisers: true });
  for (const name of ["organiser", "alex"]) {
    const user = (await getUserByEmail(`${name}@example.com`))!;
    cookies[name] = cookieFrom(await createUserSession(user.id, "/"));
  }
});

afterAll(() => {
  vi.useRealTimers();
});

const data = async (route: { loader: unknown }, path: string, cookie?: string) =>
  (await (await callRoute(route.loader as never, makeRequest(path, { cookie }))).json()) as Record<
    string,
    never
  >;
const post = (form: Record<string, string>) =>
  callRoute(organiserAction, makeRequest("/organiser", { cookie: cookies.organiser, form }));
const ics = async () => (await callRoute(calendar.loader, makeRequest("/sgw25.ics"))).text();
const status = async () =>
  new ICAL.Component(ICAL.parse(await ics())).getFirstSubcomponent("vevent")!.getFirstPropertyValue("status");
const tripMails = (since: number) =>
  fake.mails.slice(since).filter((mail: SentMail) => / is in \d+ days$/.test(mail.subject));

/** Everything each page says about the season, in one object. */
async function pages() {
  const homeData = await data(home, "/");
  const event = await data(eventPage, "/sgw25");
  const decision = await data(decide, "/organiser/decide", cookies.organiser);
  const nav = await data(root, "/", cookies.alex);
  const visitorNav = await data(root, "/");
  const setup = (await data(moneySetup, "/money/setup", cookies.organiser)).page as unknown as {
    reminder: { blocked: string | null };
  };
  return {
    // The reminder rounds read the state too: the payment reminder once decided, the survey
    // reminder until the weekend begins.
    paymentReminder: setup.reminder.blocked ?? "",
    surveyReminder: (await getReminderStatus(new Date())).blocked ?? "",
    home: homeData.event as { phase: string; decided: boolean; lead: string; verb: string },
    event: event.event as { phase: string; decided: boolean; said: string },
    decide: decision.decision as { weekend: string | null; season: string },
    nav: nav as unknown as { decided: boolean },
    visitorNav: visitorNav as unknown as { decided: boolean },
    calendar: await status(),
  };
}

describe("the season state on every page, mail and job", () => {
  it("walks planned → decided → announced → the weekend → over, and a plan never reads as decided", async () => {
    // The organiser starts SGW26 with a planned weekend of their own.
    const plan = await data(nextEdition, "/organiser/next-edition", cookies.organiser);
    const started = await callRoute(
      nextEdition.action,
      makeRequest("/organiser/next-edition", {
        cookie: cookies.organiser,
        form: { fromId: String(plan.fromId), name: "SGW26", plannedWeekend: PLANNED },
      }),
    );
    expect(started.status).toBe(302);
    // Alex says yes to SGW26: on the trip once there is one.
    const alex = (await getUserByEmail("alex@example.com"))!;
    await database.db.insert(surveys).values({ userId: alex.id, name: "Alex", attending: "yes" });

    // Planned: nobody is told it is decided, no Trip or Money, a tentative calendar entry, no trip mail.
    at(BEFORE);
    const planned = await pages();
    expect(planned.home).toMatchObject({
      phase: "planned",
      decided: false,
      lead: "The plan:",
      verb: "happens",
    });
    expect(planned.event).toMatchObject({
      phase: "planned",
      decided: false,
      said: "We may start a day earlier or end a day later — the survey will tell.",
    });
    expect(planned.decide.weekend).toBeNull();
    expect(planned.decide.season).toMatch(/^Planned: /);
    expect(planned.nav).toMatchObject({ decided: false });
    expect(planned.calendar).toBe("TENTATIVE");
    expect(planned.paymentReminder).toMatch(/^The season is not decided yet/);
    expect(planned.surveyReminder).not.toMatch(/weekend has begun/);
    let mails = fake.mails.length;
    expect(await runTimeline(new Date(BEFORE))).toBe(0);
    expect(tripMails(mails)).toEqual([]);

    // The weekend alone is not the decision: still planned.
    await post({ intent: "choose-weekend", weekend: PLANNED });
    const weekendOnly = await pages();
    expect(weekendOnly.home.phase).toBe("planned");
    expect(weekendOnly.decide.weekend).toBe("Thursday Sep 17 to Monday Sep 21, 2026");
    expect(weekendOnly.nav).toMatchObject({ decided: false });
    expect(weekendOnly.paymentReminder).toMatch(/^The season is not decided yet/);
    expect(await runTimeline(new Date(BEFORE))).toBe(0);

    // Decided: the weekend and the house.
    const lodge = (await listHouses()).find((house) => house.title === "Lakeside Lodge")!;
    await post({ intent: "in-play", houseId: String(lodge.id) });
    await post({ intent: "choose", houseId: String(lodge.id) });
    const decided = await pages();
    expect(decided.home).toMatchObject({ phase: "decided", decided: true, lead: "Mark your calendar:" });
    expect(decided.event).toMatchObject({ phase: "decided", said: "The weekend is decided." });
    expect(decided.decide.season).toMatch(/^Decided: /);
    expect(decided.nav).toMatchObject({ decided: true });
    expect(decided.visitorNav).toMatchObject({ decided: false });
    expect(decided.calendar).toBe("CONFIRMED");
    expect(decided.paymentReminder).not.toMatch(/not decided/);
    expect(decided.surveyReminder).not.toMatch(/weekend has begun/);
    mails = fake.mails.length;
    // Decided is not announced: the trip mails wait until the group heard it (issue 55).
    expect(await runTimeline(new Date(BEFORE))).toBe(0);
    expect(tripMails(mails)).toEqual([]);

    // Starting the next edition now would close a weekend still ahead: the page says so first.
    const early = await data(nextEdition, "/organiser/next-edition", cookies.organiser);
    expect(early.unheld).toEqual({ weekend: PLANNED, now: false });

    // Announced.
    expect((await post({ intent: "announce" })).status).toBe(302);
    mails = fake.mails.length;
    expect(await runTimeline(new Date(BEFORE))).toBe(2);
    const sent = tripMails(mails);
    expect(sent.map((mail) => [mail.to].flat()[0]).sort()).toEqual([
      "alex@example.com",
      "organiser@example.com",
    ]);
    // The 30-day moment, said the day it goes: 22 August to 17 September.
    expect(sent[0].subject).toBe("SGW26 is in 26 days");
    expect(sent[0].text).not.toContain("the house is not chosen yet");
    const announced = await pages();
    expect(announced.home).toMatchObject({ phase: "announced", lead: "Mark your calendar:" });
    expect(announced.event).toMatchObject({ phase: "announced", said: "The weekend is decided." });
    expect(announced.decide.season).toMatch(/^Announced: /);
    expect(announced.nav).toMatchObject({ decided: true });

    // The weekend itself (its days in the event's time zone), then over.
    at("2026-09-18T15:00:00Z");
    const during = await pages();
    expect(during.home).toMatchObject({ phase: "weekend", lead: "It is on:" });
    expect(during.event).toMatchObject({ phase: "weekend", said: "The weekend is now." });
    expect(during.nav.decided).toBe(true);
    expect(during.surveyReminder).toBe("The weekend has begun: survey reminders are over.");
    expect(during.paymentReminder).not.toMatch(/not decided/);
    expect((await data(nextEdition, "/organiser/next-edition", cookies.organiser)).unheld).toEqual({
      weekend: PLANNED,
      now: true,
    });
    mails = fake.mails.length;
    expect(await runTimeline(new Date("2026-09-18T15:00:00Z"))).toBe(0);
    at("2026-09-23T15:00:00Z");
    const over = await pages();
    expect(over.home).toMatchObject({ phase: "over", verb: "happened" });
    expect(over.event).toMatchObject({ phase: "over", said: "The weekend is over." });
    expect(over.decide.season).toMatch(/^Over: /);
    expect(over.nav.decided).toBe(true);
    expect(over.surveyReminder).toBe("The weekend has begun: survey reminders are over.");
    expect(await runTimeline(new Date("2026-09-23T15:00:00Z"))).toBe(0);
    expect(tripMails(mails)).toEqual([]);

    // Undoing the weekend choice goes back to a plan everywhere.
    at(BEFORE);
    await post({ intent: "clear-weekend" });
    const undone = await pages();
    expect(undone.home.phase).toBe("planned");
    expect(undone.nav.decided).toBe(false);
    expect(undone.calendar).toBe("TENTATIVE");
    expect(undone.paymentReminder).toMatch(/^The season is not decided yet/);

    // The roll-over freezes the state as it stood: SGW26 decided and over, with its house.
    await post({ intent: "choose-weekend", weekend: PLANNED });
    at("2026-09-23T15:00:00Z");
    const next = await data(nextEdition, "/organiser/next-edition", cookies.organiser);
    expect(next.chosenHouse).toBe("Lakeside Lodge");
    // Over, and no money was ever set up: nothing to warn of.
    expect(next.unheld).toBeNull();
    expect(next.money).toEqual({ unsettled: 0, waiting: 0 });
    const rolled = await callRoute(
      nextEdition.action,
      makeRequest("/organiser/next-edition", {
        cookie: cookies.organiser,
        form: { fromId: String(next.fromId), name: "SGW27", plannedWeekend: String(next.plannedWeekend) },
      }),
    );
    expect(rolled.status).toBe(302);
    const archived = (await getArchivedEdition(2026))!.frozen as { phase: string; house: { title: string } };
    expect(archived).toMatchObject({ phase: "over", house: { title: "Lakeside Lodge" } });
    const fresh = await pages();
    expect(fresh.home.phase).toBe("planned");
    expect(fresh.paymentReminder).toMatch(/^The season is not decided yet/);
  });
});
