import { describe, expect, it } from "vitest";
import { createUserSession } from "~/platform/services/session.server";
import { getUserByEmail } from "~/platform/models/user.server";
import { getCurrentEdition, getChosenHouseId } from "~/features/season/index.server";
import { getEventPlan } from "~/features/results/index.server";
import { computeMoney } from "~/features/money/lib/money";
import { loadMoneyInput } from "~/features/money/index.server";
import { personKey, tripPeople } from "~/features/trip/lib/rooms";
import { listPlacements, listTravel, listTripMembers } from "~/features/trip/index.server";
import { seedDemoData } from "~/seed.server";
import sharp from "sharp";
import { moneyReceipts, payDetails } from "~/platform/db/schema";
import { readPayDetails } from "~/features/money/lib/pay-links";
import * as moneyPage from "~/routes/money._index";
import * as tripPage from "~/routes/trip";
import { callRoute, cookieFrom, makeRequest } from "../../support/requests";
import { useFreshDatabase } from "../../support/database";
import { useFakeMail } from "../../support/mail";

const database = useFreshDatabase();
useFakeMail({ ADMIN_EMAILS: "organiser@example.com", APP_URL: "http://localhost:3000" });

async function cookie(email: string) {
  const user = (await getUserByEmail(email))!;
  return cookieFrom(await createUserSession(user.id, "/"));
}

async function loaded(route: { loader: unknown }, path: string, email: string) {
  const response = await callRoute(route.loader as never, makeRequest(path, { cookie: await cookie(email) }));
  expect(response.status, `${email} GET ${path}`).toBe(200);
  return response.json();
}

describe("the demo data", () => {
  it("leaves the season undecided without the season option (the browser tests count on it)", async () => {
    await seedDemoData(database.db, { confirmOrganisers: true });
    expect((await getEventPlan()).season).toMatchObject({ phase: "planned", weekendChosen: false });
    expect(await getChosenHouseId()).toBeNull();
    const money = await loaded(moneyPage, "/money", "alex@example.com");
    expect(money.page.missing).toMatch(/No house is chosen yet/);
    expect(money.page.expenses).toEqual([]);
    const trip = await loaded(tripPage, "/trip", "alex@example.com");
    expect(trip).toMatchObject({ open: false, decided: false });
  });

  it("with the season option decides it and fills /money and /trip, consistently", async () => {
    await seedDemoData(database.db, { confirmOrganisers: true, season: true });
    const plan = await getEventPlan();
    expect(plan.event.plannedWeekend).toBe("Aug 21 - Aug 25");
    expect(plan.season).toMatchObject({ decided: true, weekendChosen: true, houseChosen: true });

    // Money: Alex receives; the shares add up to the house's price to the cent.
    const edition = await getCurrentEdition();
    const { input } = await loadMoneyInput(edition.id);
    const computed = computeMoney(input);
    expect(computed.missing).toBeNull();
    expect(input.house).toMatchObject({ title: "Lakeside Lodge", total: 420_000, currency: "USD" });
    expect(computed.payers.map((payer) => payer.name)).toEqual(["Alex", "Riley", "Sam"]);
    expect(computed.payers.reduce((sum, payer) => sum + payer.share, 0)).toBe(420_000);
    for (const expense of input.expenses) {
      expect(expense.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(expense.amount);
      for (const share of expense.shares) expect(computed.people.has(share.userId)).toBe(true);
    }
    const { page: money } = await loaded(moneyPage, "/money", "alex@example.com");
    expect(money.house).toEqual({ title: "Lakeside Lodge", total: "$4,200.00" });
    expect(money.receiver.name).toBe("Alex");
    expect(money.deposit).toContain("25%");
    expect(money.depositDue).toBe(`June 1, ${edition.year}`);
    expect(money.lines).toHaveLength(3);
    expect(money.payments.map((payment: { status: string }) => payment.status).sort()).toEqual([
      "confirmed",
      "reported",
    ]);
    expect(
      money.payments.find((payment: { status: string }) => payment.status === "reported").canDecide,
    ).toBe(true);
    expect(money.expenses.length).toBeGreaterThanOrEqual(5);
    expect(input.expenses.some((expense) => expense.shares.length === 3)).toBe(true);
    expect(input.expenses.some((expense) => expense.currency === "MXN")).toBe(true);
    expect(money.multiCurrency).toBe(true);
    // One currency at the end (issue 57 item 2): the ferry's CA$ settle in USD at the organiser's
    // fixed rate, shown beside its own amount; the pesos, without a rate, settle on their own.
    expect(input.rates).toEqual(new Map([["CAD", "0.73"]]));
    expect((money.balances as Array<{ currency: string }>).map((group) => group.currency)).toEqual([
      "USD",
      "MXN",
    ]);
    expect(money.balances[0].converted).toEqual(["1 CAD = 0.73 USD (CA$100.00 ≈ $73.00)"]);
    expect(money.expenses.find((e: { amount: string }) => e.amount === "CA$75.00")).toMatchObject({
      description: "Ferry to the island",
      converted: "≈ $54.75",
    });
    // Every balance of a currency adds up to zero: what one is owed, the others owe.
    for (const group of money.balances as Array<{ rows: Array<{ amount: number }> }>) {
      expect(group.rows.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    }
    // Sam sees their own line only.
    const { page: samsMoney } = await loaded(moneyPage, "/money", "sam@example.com");
    expect(samsMoney.lines.map((line: { name: string }) => line.name)).toEqual(["Sam"]);
    // How to pay (issue 57): two demo members said how, as the form would have taken it. Sam, who owes
    // Alex, sees Alex's PayPal prefilled on his settle-up line.
    // A receipt (issue 57 item 3): the groceries' till slip, linked on the ledger.
    const withReceipt = money.expenses.filter((e: { receipt: unknown }) => e.receipt);
    expect(withReceipt.map((e: { description: string }) => e.description)).toEqual([
      "Groceries for the weekend",
    ]);
    const [slip] = await database.db.select().from(moneyReceipts);
    expect(slip.contentType).toBe("image/webp");
    expect((await sharp(slip.bytes).metadata()).format).toBe("webp");
    const given = await database.db.select().from(payDetails);
    expect(given).toHaveLength(2);
    for (const { userId: _userId, updatedAt: _updatedAt, ...details } of given)
      expect(readPayDetails(details)).toEqual({ ok: true, details });
    type Transfer = { payTo: { name: string; ways: Array<{ href: string }> } | null };
    type Page = { balances: Array<{ currency: string; transfers: Transfer[] }> };
    const withDetails = (page: Page, code: string) =>
      page.balances.find((group) => group.currency === code)!.transfers.filter((t) => t.payTo);
    const [samToAlex] = withDetails(samsMoney, "USD");
    expect(samToAlex.payTo!.name).toBe("Alex");
    expect(samToAlex.payTo!.ways[0].href).toMatch(/^https:\/\/paypal\.me\/AlexDemoPays\/[\d.]+USD$/);
    // Alex owes Sam pesos: Sam's Venmo and Revolut links, neither prefilled (no documented format).
    const [alexToSam] = withDetails(money, "MXN");
    expect(alexToSam.payTo!.ways.map((way) => way.href)).toEqual([
      "https://venmo.com/u/sam-demo",
      "https://revolut.me/samdemo",
    ]);

    // Trip: everyone placed is on the trip, every answer-yes member and their guests have a bed.
    const members = await listTripMembers();
    const keys = new Set(tripPeople(members).map((person) => person.key));
    const placements = await listPlacements();
    expect(placements.length).toBeGreaterThan(0);
    for (const placement of placements) expect(keys.has(placement.personKey)).toBe(true);
    const yes = members.filter((member) => member.attending === "yes");
    for (const person of tripPeople(yes)) {
      expect(placements.map((placement) => placement.personKey)).toContain(person.key);
    }
    expect(placements.map((placement) => placement.personKey)).toContain(
      personKey(members.find((member) => member.name === "Sam")!.userId, "child"),
    );
    const travel = await listTravel();
    expect(travel.map((row) => row.userId).sort()).toEqual(yes.map((member) => member.userId).sort());
    for (const row of travel) expect(yes.some((member) => member.userId === row.userId)).toBe(true);

    const alex = await loaded(tripPage, "/trip", "alex@example.com");
    expect(alex.open).toBe(true);
    expect(alex.myRoom).not.toBeNull();
    expect(alex.rooms.length).toBe(7);
    expect(alex.drivers).toEqual([expect.objectContaining({ name: "Alex", seats: 3 })]);
    expect(alex.requests).toEqual([expect.objectContaining({ rider: "Sam" })]);
    expect(alex.arrivals).toHaveLength(3);
    expect(alex.items.length).toBeGreaterThanOrEqual(6);
    expect(alex.items.some((item: { claimedBy: string | null }) => item.claimedBy !== null)).toBe(true);
    expect(alex.items.some((item: { claimedBy: string | null }) => item.claimedBy === null)).toBe(true);
    expect(alex.items.filter((item: { done: boolean }) => item.done)).toHaveLength(1);
    expect(alex.notes.every((note: { value: string }) => note.value !== "")).toBe(true);
    const samsTrip = await loaded(tripPage, "/trip", "sam@example.com");
    expect(samsTrip.myRide).toMatchObject({ driver: "Alex", status: "pending" });
    // The rules the organiser's page checks: only the organiser (on the trip, no answer) lacks a bed.
    const organiser = await loaded(tripPage, "/trip", "organiser@example.com");
    expect(organiser.warnings).toEqual(["Organiser is in no room."]);
    expect(alex.rooms.find((room: { name: string }) => room.name === "Lake room").people).toEqual([
      "Sam",
      "Sam's boo",
      "Sam's child",
    ]);
    const claimers = alex.items.map((item: { claimedBy: string | null }) => item.claimedBy);
    expect(new Set(claimers.filter(Boolean))).toEqual(new Set(["Alex", "Sam", "Riley"]));
  });

  it("adds nothing when run again", async () => {
    const edition = await getCurrentEdition();
    const before = await loadMoneyInput(edition.id);
    const placements = await listPlacements();
    await seedDemoData(database.db, { confirmOrganisers: true, season: true });
    const after = await loadMoneyInput(edition.id);
    expect(after.expenses).toHaveLength(before.expenses.length);
    expect(after.payments).toHaveLength(before.payments.length);
    expect(await listPlacements()).toHaveLength(placements.length);
  });
});
