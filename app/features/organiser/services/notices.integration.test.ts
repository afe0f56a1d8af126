import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import {
  houses,
  invitations,
  organiserNoticeClaims,
  organiserNotices,
  surveys,
  users,
  votes,
} from "~/platform/db/schema";
import { createUser, type User } from "~/platform/models/user.server";
import { useFreshDatabase } from "../../../../tests/support/database";
import { useFakeMail } from "../../../../tests/support/mail";
import { chooseNotices, runOrganiserNotices } from "~/features/organiser/services/notices.server";
import { createUserSession } from "~/platform/services/session.server";
import { callRoute, cookieFrom, expectRedirect, makeRequest } from "../../../../tests/support/requests";
import * as accountPage from "~/routes/account";

useFreshDatabase();
const mail = useFakeMail({
  ADMIN_EMAILS: "boss@example.com,second@example.com",
  EVENT_TIME_ZONE: "America/New_York",
});

// 10:00 in New York on 10 March 2026 (EDT): the digest covers 9 March, 04:00Z to 10 March 04:00Z.
const MORNING = new Date("2026-03-10T14:00:00Z");
const IN_THE_DAY = new Date("2026-03-09T15:00:00Z");
const DIGEST = "SGW25: what came in on 2026-03-09";

async function organiser(email: string, choice: { everyoneAnswered?: "on"; dailyDigest?: "on" }) {
  const user = (await createUser({ email, password: "secret1" }))!;
  const db = await getDb();
  const [confirmed] = await db
    .update(users)
    .set({ emailConfirmedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  expect(await chooseNotices(confirmed, choice)).toHaveProperty("ok");
  return confirmed;
}

const mailsTo = (to: string, subject?: string | RegExp) =>
  mail.mails.filter(
    (sent) =>
      [sent.to].flat().includes(to) &&
      (subject === undefined ||
        (typeof subject === "string" ? sent.subject === subject : subject.test(sent.subject))),
  );

beforeEach(async () => {
  const db = await getDb();
  // Each test starts with no members, houses or claims (votes, surveys and claims go with them).
  await db.delete(houses);
  await db.delete(invitations);
  await db.delete(users);
  mail.mails.length = 0;
});

describe("organiser notices, sent once whatever runs them", () => {
  it("a member who is not an organiser cannot choose them", async () => {
    const member = (await createUser({ email: "member@example.com", password: "secret1" })) as User;
    expect(await chooseNotices(member, { dailyDigest: "on" })).toEqual({
      error: "Only organisers get these mails.",
      status: 403,
    });
    expect(await (await getDb()).select().from(organiserNotices)).toHaveLength(0);
  });

  it("/account shows the choices to organisers only, and a post saves them without JavaScript", async () => {
    const boss = await organiser("boss@example.com", {});
    const member = (await createUser({ email: "member@example.com", password: "secret1" }))!;
    const cookie = async (user: User) => cookieFrom(await createUserSession(user.id, "/"));
    const page = async (user: User) =>
      (await (
        await callRoute(accountPage.loader as never, makeRequest("/account", { cookie: await cookie(user) }))
      ).json()) as { notices: unknown };
    expect((await page(member)).notices).toBeNull();
    const choose = async (user: User) =>
      callRoute(
        accountPage.action as never,
        makeRequest("/account", {
          method: "POST",
          cookie: await cookie(user),
          form: { intent: "notices", dailyDigest: "on" },
        }),
      );
    expect((await page(boss)).notices).toEqual({ everyoneAnswered: false, dailyDigest: false });
    const saved = await choose(boss);
    expectRedirect(saved, "/account#notices");
    expect((await page(boss)).notices).toEqual({ everyoneAnswered: false, dailyDigest: true });
    const refused = await choose(member);
    expect(refused.status).toBe(403);
  });

  it("the digest of a day with news goes once per organiser, even with two runs at the same time", async () => {
    const boss = await organiser("boss@example.com", { dailyDigest: "on" });
    await organiser("second@example.com", { dailyDigest: "on" });
    const db = await getDb();
    const [house] = await db
      .insert(houses)
      .values({
        url: "https://example.com/h",
        title: "Lake house",
        city: "Town",
        country: "USA",
        num_bedrooms: 3,
        num_beds: 4,
        num_baths: 1,
        createdAt: IN_THE_DAY,
      })
      .returning();
    await db.insert(surveys).values({ userId: boss.id, createdAt: IN_THE_DAY, updatedAt: IN_THE_DAY });
    await db.insert(votes).values({
      houseId: house.id,
      userId: boss.id,
      vote: "love",
      createdAt: IN_THE_DAY,
      updatedAt: IN_THE_DAY,
    });
    // Before the digest hour nothing is due.
    expect(await runOrganiserNotices(new Date("2026-03-10T11:00:00Z"))).toBe(0);

    const [first, second] = await Promise.all([runOrganiserNotices(MORNING), runOrganiserNotices(MORNING)]);
    expect(first + second).toBe(2);
    expect(await runOrganiserNotices(new Date("2026-03-10T20:00:00Z"))).toBe(0);
    const [digest] = mailsTo("boss@example.com", DIGEST);
    expect(mailsTo("boss@example.com", DIGEST)).toHaveLength(1);
    expect(mailsTo("second@example.com", DIGEST)).toHaveLength(1);
    expect(digest.text).toContain("1 new survey answer");
    expect(digest.text).toContain("1 house suggested: Lake house");
    expect(digest.text).toContain("1 vote cast or changed");
  });

  it("nothing is sent on a day with nothing new", async () => {
    await organiser("boss@example.com", { dailyDigest: "on" });
    const db = await getDb();
    // News on another day only.
    await db.insert(houses).values({
      url: "https://example.com/old",
      title: "Old house",
      city: "Town",
      country: "USA",
      num_bedrooms: 3,
      num_beds: 4,
      num_baths: 1,
      createdAt: new Date("2026-03-05T15:00:00Z"),
    });
    expect(await runOrganiserNotices(MORNING)).toBe(0);
    expect(mailsTo("boss@example.com")).toHaveLength(0);
    const claims = await db.select().from(organiserNoticeClaims);
    expect(claims.map((claim) => [claim.notice, claim.state])).toEqual([["digest:2026-03-09", "empty"]]);
  });

  it("the everyone-answered mail goes only once every member and invited address has submitted, and once", async () => {
    const boss = await organiser("boss@example.com", { everyoneAnswered: "on" });
    const member = (await createUser({ email: "member@example.com", password: "secret1" }))!;
    const db = await getDb();
    await db.insert(invitations).values({ email: "guest@example.com" });
    const answered = /everyone has answered/;

    await db.insert(surveys).values({ userId: boss.id });
    expect(await runOrganiserNotices(MORNING)).toBe(0);

    await db.insert(surveys).values({ userId: member.id });
    // Every member has answered, but the invited address has not registered and answered yet.
    expect(await runOrganiserNotices(MORNING)).toBe(0);

    const guest = (await createUser({ email: "guest@example.com", password: "secret1" }))!;
    expect(await runOrganiserNotices(MORNING)).toBe(0);
    expect(mailsTo("boss@example.com", answered)).toHaveLength(0);

    await db.insert(surveys).values({ userId: guest.id });
    const [first, second] = await Promise.all([runOrganiserNotices(MORNING), runOrganiserNotices(MORNING)]);
    expect(first + second).toBe(1);
    expect(await runOrganiserNotices(new Date("2026-03-12T14:00:00Z"))).toBe(0);
    const sent = mailsTo("boss@example.com", answered);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain("All 3 members");
  });
});
