import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payDetails } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import { setPlannedWeekend } from "~/features/season/models/event-settings.server";
import { removeMember } from "~/features/organiser/index.server";
import { callRoute, makeRequest, signedInMember } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { moneyPages, startMoneyTrip } from "../../tests/support/money-trip";
import { useFakeMail } from "../../tests/support/mail";
import * as accountPage from "~/routes/account";
import * as dataRoute from "~/routes/account_.data";
import * as moneyPage from "~/routes/money._index";
import * as setupPage from "~/routes/money.setup";
import * as sharesCsv from "~/routes/money.shares[.]csv";
import * as ledgerCsv from "~/routes/money.ledger[.]csv";
import * as surveysCsv from "~/routes/organiser_.surveys[.]csv";
import * as headcountCsv from "~/routes/organiser_.headcount[.]csv";
import * as housesCsv from "~/routes/organiser_.houses[.]csv";
import * as tripPage from "~/routes/trip";
import * as feedRoute from "~/routes/calendar.$feed";

// Issue 57, "How to pay me": a member's payment details reach only the members of the trip who owe
// them, beside what they owe (the money page, their own reminder), and nowhere else.
const database = useFreshDatabase();
const fake = useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: "http://localhost:3000" });
const people: Record<string, { id: number; cookie: string }> = {};
const { money, post } = moneyPages(people);

// What Alex (the receiver) and Sam give; every test looks for these strings where they must not be.
const ALEX = {
  paypal: "AlexPaysHere",
  iban: "DE89 3704 0044 0532 0130 00",
  ibanHolder: "Alex Receiver",
  revolut: "alexrevtag",
  note: "Alex-private-note",
};
const SECRETS = ["AlexPaysHere", "DE89370400440532013000", "DE89 3704", "alexrevtag", "Alex-private-note"];
const SAM = { venmo: "sam-venmo-user", note: "Sam-private-note" };
const SAM_SECRETS = ["sam-venmo-user", "Sam-private-note"];

const account = (who: string, form: Record<string, string>) =>
  callRoute(
    accountPage.action as never,
    makeRequest("/account", { cookie: people[who].cookie, form: { intent: "pay", ...form } }),
  );
const get = (route: { loader: unknown }, path: string, who?: string) =>
  callRoute(route.loader as never, makeRequest(path, { cookie: who ? people[who].cookie : undefined }));
const textOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return response.text();
};
const expectNone = (text: string, secrets = [...SECRETS, ...SAM_SECRETS]) => {
  for (const secret of secrets) expect(text).not.toContain(secret);
};

beforeAll(async () => {
  await startMoneyTrip(people);
  await setPlannedWeekend("Aug 21 - Aug 25");
  // Jordan is a member, not on this trip.
  people.jordan = await signedInMember("jordan@example.com", { name: "Jordan" });
});

afterAll(() => resetEnvCache());

describe("how to pay me, on /account", () => {
  it("refuses a bad IBAN and a handle with wrong characters, keeping what was typed, and saves none of it", async () => {
    const refused = await account("alex", {
      ...ALEX,
      iban: "DE89 3704 0044 0532 0130 01",
      paypal: "alex.pays",
    });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body).toMatchObject({
      form: "pay",
      fieldErrors: { iban: expect.stringContaining("IBAN"), paypal: expect.stringContaining("PayPal") },
      values: { iban: "DE89 3704 0044 0532 0130 01", paypal: "alex.pays", ibanHolder: "Alex Receiver" },
    });
    expect(await database.db.select().from(payDetails)).toEqual([]);
  });

  it("saves them (post, redirect, get) and shows them to their owner", async () => {
    const saved = await account("alex", ALEX);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/account#pay");
    expect((await account("sam", SAM)).status).toBe(302);
    const page = (await (await get(accountPage, "/account", "alex")).json()) as {
      pay: Record<string, string>;
    };
    expect(page.pay).toEqual({
      ...ALEX,
      iban: "DE89370400440532013000",
      venmo: "",
      wise: "",
    });
  });
});

describe("who sees them", () => {
  it("shows Alex's details to Sam, who owes Alex: the house share and the settle-up line, PayPal prefilled", async () => {
    const page = await money("sam");
    const paypal = "https://paypal.me/AlexPaysHere/300.00USD";
    expect(page.payReceiver).toMatchObject({ name: "Alex", note: "Alex-private-note" });
    expect(page.payReceiver!.ways).toEqual([
      { label: "PayPal", value: "paypal.me/AlexPaysHere", href: paypal, prefilled: true },
      { label: "Revolut", value: "@alexrevtag", href: "https://revolut.me/alexrevtag", prefilled: false },
      {
        label: "Bank transfer",
        value: "DE89 3704 0044 0532 0130 00 (Alex Receiver)",
        href: null,
        prefilled: false,
      },
    ]);
    const usd = page.balances.find((group) => group.currency === "USD")!;
    const toAlex = usd.transfers.find((t) => t.from === people.sam.id && t.to === people.alex.id)!;
    expect(toAlex.payTo?.ways[0].href).toBe(paypal);
    // Riley's transfer to Alex is listed too (Sam sees the ledger), without Alex's details.
    const riley = usd.transfers.find((t) => t.from === people.riley.id)!;
    expect(riley.payTo).toBeNull();
    // Sam's own details are not on Sam's page: nobody owes Sam.
    expectNone(JSON.stringify(page), SAM_SECRETS);
  });

  it("shows nothing to whoever owes nobody: the receiver, the organiser, a member not on the trip", async () => {
    for (const who of ["alex", "boss", "jordan"]) {
      const page = await money(who);
      expect(page.payReceiver).toBeNull();
      expect(page.balances.flatMap((group) => group.transfers).every((t) => t.payTo === null)).toBe(true);
      expectNone(JSON.stringify(page));
    }
    // Alex is told where others see it, and may change it.
    expect((await money("alex")).paySaid).toBe(true);
    expect((await money("riley")).paySaid).toBe(false);
  });

  it("never reaches a visitor", async () => {
    const response = await callRoute(moneyPage.loader as never, makeRequest("/money"));
    expect(response.status).toBe(302);
    expectNone(await response.text());
    const data = await callRoute(dataRoute.loader as never, makeRequest("/account/data"));
    expect(data.status).not.toBe(200);
    expectNone(await data.text());
  });

  it("is in no CSV, the organiser's included, nor in a calendar feed", async () => {
    for (const [route, path] of [
      [sharesCsv, "/money/shares.csv"],
      [ledgerCsv, "/money/ledger.csv"],
      [surveysCsv, "/organiser/surveys.csv"],
      [headcountCsv, "/organiser/headcount.csv"],
      [housesCsv, "/organiser/houses.csv"],
    ] as const)
      expectNone(await textOf(await get(route, path, "boss")));
    for (const who of ["sam", "alex"]) {
      const renewed = await callRoute(
        tripPage.action as never,
        makeRequest("/trip", { cookie: people[who].cookie, form: { intent: "renew-feed" } }),
      );
      expect(renewed.status).toBe(302);
      const { feed } = (await (await get(tripPage, "/trip", who)).json()) as { feed: { https: string } };
      const path = new URL(feed.https).pathname;
      const calendar = await callRoute(feedRoute.loader as never, makeRequest(path), {
        feed: path.split("/").pop()!,
      });
      const text = await textOf(calendar);
      expect(text).toContain("BEGIN:VCALENDAR");
      expectNone(text);
    }
  });

  it("is in the owner's own download, and only theirs", async () => {
    const alex = JSON.parse(await textOf(await get(dataRoute, "/account/data", "alex")));
    expect(alex.money.payDetails).toMatchObject({ paypal: "AlexPaysHere", iban: "DE89370400440532013000" });
    const sam = await textOf(await get(dataRoute, "/account/data", "sam"));
    expectNone(sam, SECRETS);
    expect(sam).toContain("sam-venmo-user");
  });

  it("goes in the reminder mail to each one who owes, with their own amount, and in no other mail or preview", async () => {
    const step = (await (await get(setupPage, "/money/setup?step=reminder", "boss")).json()) as {
      page: { reminderStep: { preview: { text: string } } };
    };
    expect(step.page.reminderStep.preview.text).toContain("of your share");
    expectNone(JSON.stringify(step));
    fake.mails.length = 0;
    const sent = await callRoute(
      setupPage.action as never,
      makeRequest("/money/setup", { cookie: people.boss.cookie, form: { intent: "send-reminder" } }),
    );
    expect(sent.status).toBe(302);
    expect(fake.mails.map((mail) => mail.to).sort()).toEqual(["riley@example.com", "sam@example.com"]);
    for (const mail of fake.mails) {
      expect(mail.text).toContain("How Alex asked to be paid:");
      expect(mail.text).toContain("https://paypal.me/AlexPaysHere/300.00USD");
      expect(mail.html).toContain('href="https://paypal.me/AlexPaysHere/300.00USD"');
      expect(mail.text).toContain("DE89 3704 0044 0532 0130 00 (Alex Receiver)");
      // Sam's own details go to nobody: nobody owes Sam.
      expectNone(`${mail.text}${mail.html}`, SAM_SECRETS);
    }
  });

  it("follows what is owed: once Sam has paid Alex, Sam's page no longer shows Alex's details", async () => {
    const paid = await post("alex", {
      intent: "settle",
      from: String(people.sam.id),
      to: String(people.alex.id),
      amount: "300",
      currency: "USD",
      key: crypto.randomUUID(),
    });
    expect(paid.status).toBe(302);
    const page = await money("sam");
    expect(page.payReceiver).toBeNull();
    expectNone(JSON.stringify(page));
  });
});

describe("a member who leaves", () => {
  it("takes their payment details along; clearing the form removes them too", async () => {
    expect(await removeMember(people.sam.id, [])).toBe(true);
    const rows = await database.db.select().from(payDetails);
    expect(rows.map((row) => row.userId)).toEqual([people.alex.id]);
    expect((await account("alex", {})).status).toBe(302);
    expect(await database.db.select().from(payDetails).where(eq(payDetails.userId, people.alex.id))).toEqual(
      [],
    );
  });
});
