import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearEventSettings } from "~/features/season/models/event-settings.server";
import { listHouses, updateHouse } from "~/features/houses/models/house.server";
import { seedDemoData } from "~/seed.server";
import { getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { ORIGIN, callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { useFakeMail, type SentMail } from "../../tests/support/mail";
import { organiserAction, organiserLoader } from "../../tests/support/organiser-pages";
import * as calendar from "~/routes/sgw25[.]ics";

const database = useFreshDatabase();
const fake = useFakeMail({ ADMIN_EMAILS: "organiser@example.com", APP_URL: ORIGIN, MAIL_TIMEOUT_MS: "5000" });
let cookie: string;

beforeAll(async () => {
  await seedDemoData(database.db, { confirmOrganisers: true });
  cookie = cookieFrom(await createUserSession((await getUserByEmail("organiser@example.com"))!.id, "/"));
});

afterAll(() => clearEventSettings());

const post = (form: Record<string, string>) =>
  callRoute(organiserAction, makeRequest("/organiser", { cookie, form }));

function vevent(text: string) {
  const component = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
  return { event: new ICAL.Event(component), sequence: component.getFirstPropertyValue("sequence") ?? 0 };
}

const served = async () => vevent(await (await callRoute(calendar.loader, makeRequest("/sgw25.ics"))).text());
const attached = (mail: SentMail) =>
  vevent(Buffer.from(mail.attachments![0].content, "base64").toString("utf8"));
const MEMBERS = ["alex", "casey", "jordan", "organiser", "riley", "sam"].map((name) => `${name}@example.com`);

describe("announcing the decision", () => {
  it("needs a weekend, then mails every member once with the calendar file /sgw25.ics serves", async () => {
    expect(await (await post({ intent: "announce" })).json()).toMatchObject({
      error: "Choose the weekend first: the announcement says when.",
    });
    const [house] = await listHouses();
    await post({ intent: "choose-weekend", weekend: "Aug 28 - Sep 1" });
    await post({ intent: "choose", houseId: String(house.id) });
    // The chosen house's price: the mail names what each pays, as /sgw25 does (8–12 expected: $850 / 10).
    await updateHouse(house.id, { priceMinor: 85_000, currency: "USD" });

    // A double click: two posts at once send one round.
    const answers = await Promise.all([post({ intent: "announce" }), post({ intent: "announce" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(fake.mails.map((mail) => mail.to).sort()).toEqual(MEMBERS);
    const mail = fake.mails[0];
    expect(mail.subject).toBe("SGW25 is decided: Thursday Aug 28 to Monday Sep 1, 2025");
    expect(mail.text).toContain(`Where: ${house.title}`);
    expect(mail.text).toContain(`Listing: ${house.url}`);
    expect(mail.text).toContain("Price: $850 for the stay, about $85 each for 8–12");
    expect(mail.html).toContain(`<a href="${house.url.replace(/&/g, "&#38;")}">`);
    const sent = attached(mail);
    const page = await served();
    expect(sent.event.uid).toBe(page.event.uid);
    expect(sent.event.startDate.toString()).toBe("2025-08-28");
    expect([sent.sequence, page.sequence]).toEqual([0, 0]);
    expect(sent.event.location).toContain(house.title);

    expect(await (await post({ intent: "announce" })).json()).toMatchObject({
      error: "This decision has already been announced.",
    });
    expect(fake.mails).toHaveLength(MEMBERS.length);
  });

  it("announces a change with the same UID and a later SEQUENCE; failed mails say so and retry alone", async () => {
    fake.mails.length = 0;
    await post({ intent: "choose-weekend", weekend: "Sep 4 - Sep 8" });
    expect((await served()).sequence).toBe(1);
    fake.failing.add("sam@example.com");
    const answer = await post({ intent: "announce" });
    expect(answer.status).toBe(302);
    expect(fake.mails).toHaveLength(MEMBERS.length - 1);
    const change = attached(fake.mails[0]);
    expect(change.event.uid).toBe("sgw25-weekend@sgw25-planner");
    expect(change.sequence).toBe(1);
    expect(change.event.startDate.toString()).toBe("2025-09-04");
    expect(fake.mails[0].subject).toBe("SGW25 has changed: Thursday Sep 4 to Monday Sep 8, 2025");

    const page = await callRoute(organiserLoader, makeRequest("/organiser", { cookie }));
    const { announce } = await page.json();
    expect(announce.last).toMatchObject({ state: "failed", failedTo: ["sam@example.com"] });
    expect(announce.next).toEqual({ kind: "retry", count: 1 });

    fake.failing.clear();
    expect((await post({ intent: "announce" })).status).toBe(302);
    expect(fake.mails.map((mail) => mail.to).slice(MEMBERS.length - 1)).toEqual(["sam@example.com"]);
    expect(attached(fake.mails.at(-1)!).sequence).toBe(1);
    expect((await post({ intent: "announce" })).status).toBe(409);
  });

  it("finishes a round while the mail API hangs for one address: that mail counts as failed", async () => {
    fake.mails.length = 0;
    fake.hanging.add("riley@example.com");
    await post({ intent: "choose-weekend", weekend: "Aug 28 - Sep 1" });
    const started = Date.now();
    expect((await post({ intent: "announce" })).status).toBe(302);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(fake.mails.map((mail) => mail.to).sort()).toEqual(MEMBERS.filter((to) => !to.startsWith("riley")));
    const page = await callRoute(organiserLoader, makeRequest("/organiser", { cookie }));
    expect((await page.json()).announce.last).toMatchObject({
      state: "failed",
      failedTo: ["riley@example.com"],
    });
    fake.hanging.clear();
  });
});
