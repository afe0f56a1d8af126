import { describe, expect, it } from "vitest";
import { getCurrentEdition } from "~/features/season/index.server";
import { addDays, seasonOf, weekendAbout } from "~/features/season/lib/editions";
import { weekendRange } from "~/features/season/lib/event-settings";
import { dayIn } from "~/features/season/lib/season-state";
import { getEventPlan, getWeekendCounts } from "~/features/results/index.server";
import { loadMoneyInput } from "~/features/money/index.server";
import { env } from "~/platform/env.server";
import { seedDemoData } from "~/seed.server";
import * as home from "~/routes/_index";
import { callRoute, makeRequest } from "../../support/requests";
import { useFreshDatabase } from "../../support/database";
import { useFakeMail } from "../../support/mail";

const database = useFreshDatabase();
useFakeMail({ ADMIN_EMAILS: "organiser@example.com", APP_URL: "http://localhost:3000" });

describe("npm run demo's season (issue 55)", () => {
  it("is set relative to today: the weekend about three weeks ahead, deposits due in the coming days", async () => {
    // The real clock, as `npm run demo` passes it: the demo must look alive on any date.
    const today = dayIn(new Date(), env().eventTimeZone);
    const { year, label } = weekendAbout(today, 21);
    await seedDemoData(database.db, { confirmOrganisers: true, season: true, today });

    const edition = await getCurrentEdition();
    expect(edition.year).toBe(year);
    expect(edition.names.current).toBe(`SGW${String(year).slice(2)}`);
    // Named for the weekend's season: a December demo is no summer get-together.
    expect(edition.eventName).toBe(`${seasonOf(label)} get-together`);
    const plan = await getEventPlan();
    expect(plan.event.plannedWeekend).toBe(label);
    expect(plan.event.name).toBe(edition.eventName);
    expect(plan.season).toMatchObject({ phase: "decided", weekendChosen: true, houseChosen: true });

    // The home page: an upcoming weekend, decided, never "That was it".
    const page = (await (await callRoute(home.loader as never, makeRequest("/"))).json()) as {
      event: { shortName: string; lead: string; verb: string; homeWeekend: string };
    };
    expect(page.event).toMatchObject({
      shortName: edition.names.current,
      lead: "Mark your calendar:",
      verb: "happens",
      homeWeekend: weekendRange(label, year),
    });

    // Money: the deposit due in the coming days, the rest a week before the weekend; some payments
    // confirmed, some only reported, all made in the days before today.
    const money = await loadMoneyInput(edition.id);
    expect(money.settings.depositDue).toBe(addDays(today, 4));
    expect(money.settings.balanceDue > today).toBe(true);
    const statuses = new Set(money.payments.map((payment) => payment.status));
    expect([...statuses].sort()).toEqual(["confirmed", "reported"]);
    for (const payment of money.payments) expect(payment.paidOn < today).toBe(true);

    // The members' free weeks moved with the weekend: the decided one is the most chosen, as the
    // spec's 21st window is in the fixed demo.
    const counts = (await getWeekendCounts(edition.windows)).counts;
    const decided = counts.find((entry) => entry.label === label)!;
    expect(decided.yes).toBeGreaterThan(0);
    expect(Math.max(...counts.map((entry) => entry.yes))).toBe(decided.yes);
  });
});
