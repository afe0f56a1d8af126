import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { housePhotos, houses, sessions, surveys, users, votes } from "~/platform/db/schema";
import { SUGGESTION } from "~/features/houses/lib/house.fixture";
import { housesGo } from "~/features/organiser/lib/tidy-words";
import { resetEnvCache } from "~/platform/env.server";
import { getChosenHouseId, setChosenHouseId } from "~/features/season/models/event-settings.server";
import { getHouse, listHouses } from "~/features/houses/models/house.server";
import { getResultsOverview } from "~/features/results/models/results.server";
import { seedDemoData } from "~/seed.server";
import { createUser, getUserByEmail } from "~/platform/models/user.server";
import { getMemberVotes, getVoteCounts } from "~/features/houses/models/vote.server";
import { createUserSession } from "~/platform/services/session.server";
import { callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { createConfirmedOrganiser } from "../../tests/support/organiser";
import * as deleteHousePage from "~/routes/organiser_.houses.$id.delete";
import * as editHousePage from "~/routes/organiser_.houses.$id.edit";
import * as deleteAccountPage from "~/routes/organiser_.members.$id.delete";
import * as removeSurveyPage from "~/routes/organiser_.members.$id.survey";
import * as deleteHousesPage from "~/routes/organiser_.members.$id.houses";
import { organiserLoader } from "../../tests/support/organiser-pages";

const database = useFreshDatabase();
const adminEmails = process.env.ADMIN_EMAILS;
let cookie: string;
let organiserId: number;

beforeAll(async () => {
  process.env.ADMIN_EMAILS = "organiser@example.com, deputy@example.com, listed@example.com";
  resetEnvCache();
  await seedDemoData(database.db, { confirmOrganisers: true });
  organiserId = (await getUserByEmail("organiser@example.com"))!.id;
  cookie = cookieFrom(await createUserSession(organiserId, "/"));
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

const get = (route: { loader: never }, path: string, id: number) =>
  callRoute(route.loader, makeRequest(path, { cookie }), { id: String(id) });
const post = (
  route: { action: never },
  path: string,
  id: number,
  form: Record<string, string> = { intent: "confirm" },
) => callRoute(route.action, makeRequest(path, { cookie, form }), { id: String(id) });

describe("tidying up", () => {
  it("edits any field of a house with the suggest form's checks and messages", async () => {
    const [house] = await listHouses();
    const form = {
      url: "airbnb.com/rooms/42?x=1",
      title: "  Lakeside Lodge (fixed)  ",
      listing_img: "https://img.example.com/a.jpg",
      countryChoice: "Canada",
      otherCountry: "",
      city: "Muskoka",
      state: "ON",
      num_bedrooms: "6",
      num_beds: "9",
      num_baths: "2.5",
      price: "850",
      currency: "usd",
    };
    const bad = await post(editHousePage as never, "/e", house.id, {
      ...form,
      listing_img: "https://x/a.gif",
      state: "NY",
      price: "-5",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toMatchObject({
      listing_img: "Image URL must end with .png, .jpg, or .jpeg",
      state: "That state or province is not in Canada",
      price: "Write the amount as digits with at most 2 decimals, e.g. 1234 or 1234.50.",
    });
    expect((await getHouse(house.id))!.title).toBe(house.title);
    const saved = await post(editHousePage as never, "/e", house.id, form);
    expect(saved.status).toBe(302);
    expect(await getHouse(house.id)).toMatchObject({
      title: "Lakeside Lodge (fixed)",
      url: "https://www.airbnb.com/rooms/42",
      country: "Canada",
      state: "ON",
      num_baths: 2.5,
      priceMinor: 85_000,
      currency: "USD",
    });
  });

  it("renames a demo house keeping its stored image (a local SVG, or none) as it is", async () => {
    const houses = await listHouses();
    for (const image of ["/images/weekend-wide.svg", ""]) {
      const house = houses.find((one) => one.listing_img === image)!;
      const page = await get(editHousePage as never, "/e", house.id);
      const { values } = await page.json();
      expect(values.listing_img).toBe(image);
      const saved = await post(editHousePage as never, "/e", house.id, {
        ...values,
        title: `${house.title} II`,
      });
      expect(saved.status).toBe(302);
      expect(await getHouse(house.id)).toMatchObject({ title: `${house.title} II`, listing_img: image });
      // Any other image is still checked.
      const bad = await post(editHousePage as never, "/e", house.id, {
        ...values,
        listing_img: "/other.svg",
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).fieldErrors.listing_img).toBeTruthy();
    }
  });

  it("deletes a house with its votes after a confirmation page that names them", async () => {
    const [house] = await listHouses();
    await setChosenHouseId(house.id);
    const voteCount = (await database.db.select().from(votes).where(eq(votes.houseId, house.id))).length;
    expect(voteCount).toBeGreaterThan(0);
    // The cached counts and a voter's cached votes must not outlive the delete's cascade.
    const [{ userId: voter }] = await database.db
      .select({ userId: votes.userId })
      .from(votes)
      .where(eq(votes.houseId, house.id))
      .limit(1);
    expect((await getMemberVotes(voter)).map((vote) => vote.house_id)).toContain(house.id);
    expect(await getVoteCounts()).toHaveProperty(String(house.id));
    const page = await (await get(deleteHousePage as never, "/d", house.id)).json();
    expect(page.house).toMatchObject({ title: house.title, votes: voteCount, chosen: true });
    expect((await post(deleteHousePage as never, "/d", house.id)).status).toBe(302);
    expect(await getHouse(house.id)).toBeUndefined();
    expect(await database.db.select().from(votes).where(eq(votes.houseId, house.id))).toHaveLength(0);
    expect(await getChosenHouseId()).toBeNull();
    expect((await getMemberVotes(voter)).map((vote) => vote.house_id)).not.toContain(house.id);
    expect(await getVoteCounts()).not.toHaveProperty(String(house.id));
    expect((await get(deleteHousePage as never, "/d", house.id)).status).toBe(404);
  });

  it("removes a survey, keeping the account; deletes an account with its sessions, votes and survey", async () => {
    const sam = (await getUserByEmail("sam@example.com"))!;
    const page = await (await get(removeSurveyPage as never, "/s", sam.id)).json();
    expect(page.member).toMatchObject({ email: "sam@example.com", survey: { attending: "yes" } });
    expect((await post(removeSurveyPage as never, "/s", sam.id)).status).toBe(302);
    expect(await database.db.select().from(surveys).where(eq(surveys.userId, sam.id))).toHaveLength(0);
    expect(await getUserByEmail("sam@example.com")).toBeDefined();

    // A member who still has votes after the house deletion above.
    const [{ userId }] = await database.db.select({ userId: votes.userId }).from(votes).limit(1);
    const alex = { id: userId };
    await createUserSession(alex.id, "/");
    const countsBefore = await getVoteCounts();
    const attendanceBefore = (await getResultsOverview()).attendance;
    const confirm = await (await get(deleteAccountPage as never, "/a", alex.id)).json();
    expect(confirm.member.sessions).toBeGreaterThan(0);
    expect(confirm.member.votes).toBeGreaterThan(0);
    expect((await post(deleteAccountPage as never, "/a", alex.id)).status).toBe(302);
    // The row stays for the trip's shared records, anonymised (decision 025).
    const [former] = await database.db.select().from(users).where(eq(users.id, alex.id));
    expect(former).toMatchObject({ name: null, passwordHash: "", emailConfirmedAt: null });
    expect(former.leftAt).not.toBeNull();
    for (const table of [sessions, votes, surveys]) {
      expect(await database.db.select().from(table).where(eq(table.userId, alex.id))).toHaveLength(0);
    }
    // The cached vote counts and attendance lists follow at once.
    const total = (counts: Record<number, { love: number; like: number; dislike: number }>) =>
      Object.values(counts).reduce((sum, count) => sum + count.love + count.like + count.dislike, 0);
    expect(total(await getVoteCounts())).toBe(total(countsBefore) - confirm.member.votes);
    const attendanceAfter = (await getResultsOverview()).attendance;
    expect(JSON.stringify(attendanceAfter)).not.toBe(JSON.stringify(attendanceBefore));
    // Houses Alex suggested stay.
    expect((await database.db.select().from(houses)).length).toBeGreaterThan(0);

    const own = await post(deleteAccountPage as never, "/a", organiserId);
    expect(own.status).toBe(400);
    expect(await getUserByEmail("organiser@example.com")).toBeDefined();
  });

  it("never deletes an organiser's account: not another's, and not two of them each other at once", async () => {
    const deputy = await createConfirmedOrganiser({ email: "deputy@example.com" });
    const deputyCookie = cookieFrom(await createUserSession(deputy.id, "/"));
    const message =
      "This is an organiser's account: it cannot be deleted here. Remove them as an organiser on People first (or from ADMIN_EMAILS).";
    expect(await (await get(deleteAccountPage as never, "/a", deputy.id)).json()).toMatchObject({
      refused: message,
    });
    const [mine, theirs] = await Promise.all([
      post(deleteAccountPage as never, "/a", deputy.id),
      callRoute(
        deleteAccountPage.action,
        makeRequest("/a", { cookie: deputyCookie, form: { intent: "confirm" } }),
        { id: String(organiserId) },
      ),
    ]);
    for (const answer of [mine, theirs]) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: message });
    }
    expect(await getUserByEmail("deputy@example.com")).toBeDefined();
    expect(await getUserByEmail("organiser@example.com")).toBeDefined();
    // A listed address nobody confirmed is a plain member (perhaps someone else took it): it may go.
    const taken = await createUser({ email: "listed@example.com", password: "secret1" });
    expect((await post(deleteAccountPage as never, "/a", taken!.id)).status).toBe(302);
    expect(await getUserByEmail("listed@example.com")).toBeUndefined();
  });

  it("deletes exactly one member's houses, with their votes and photos, after a page that names them", async () => {
    const mallory = (await createUser({ email: "mallory@example.com", password: "secret1" }))!;
    const others = await listHouses();
    const theirs = await database.db
      .insert(houses)
      .values(
        ["Spam 1", "Spam 2", "Spam 3"].map((title, i) => ({
          ...SUGGESTION,
          title,
          url: `https://example.com/spam/${i}`,
          suggestedBy: mallory.id,
        })),
      )
      .returning({ id: houses.id });
    const voter = (await getUserByEmail("sam@example.com"))!;
    const withPhotos = [...theirs, others[0]].map(({ id }) => ({
      houseId: id,
      sourceUrl: "https://x/a.jpg",
    }));
    await database.db.insert(housePhotos).values(withPhotos);
    await database.db
      .insert(votes)
      .values([
        ...theirs.map(({ id }) => ({ houseId: id, userId: voter.id, vote: "love" as const })),
        { houseId: others[0].id, userId: mallory.id, vote: "like" as const },
      ]);
    const ids = theirs.map(({ id }) => id);
    const left = async (table: typeof votes | typeof housePhotos) =>
      (await database.db.select({ houseId: table.houseId }).from(table)).map((row) => row.houseId);
    const votesBefore = await left(votes);

    const page = await (await get(deleteHousesPage as never, "/h", mallory.id)).json();
    expect(page.member.houses).toMatchObject({
      list: [
        { title: "Spam 1", votes: 1 },
        { title: "Spam 2", votes: 1 },
        { title: "Spam 3", votes: 1 },
      ],
      votes: 3,
    });
    expect(housesGo(page.member.houses)).toEqual([
      "The house Spam 1 (1 vote)",
      "The house Spam 2 (1 vote)",
      "The house Spam 3 (1 vote)",
      "In all 3 houses and 3 votes, with their photos",
    ]);
    const overview = await (await callRoute(organiserLoader, makeRequest("/organiser", { cookie }))).json();
    expect(overview.listing.rows.find((row: { id: number }) => row.id === mallory.id).houses).toBe(3);

    expect((await post(deleteHousesPage as never, "/h", mallory.id)).status).toBe(302);
    expect((await listHouses()).map((house) => house.id)).toEqual(others.map((house) => house.id));
    expect(await left(votes)).toEqual(votesBefore.filter((id) => !ids.includes(id)));
    expect(await left(housePhotos)).toEqual([others[0].id]);
    // Her account and her own vote on someone else's house stay.
    expect(await getMemberVotes(mallory.id)).toEqual([{ house_id: others[0].id, vote: "like" }]);
    expect(await getUserByEmail("mallory@example.com")).toBeDefined();
  });

  it("deletes an account's houses with it when the organiser ticks the box, and only then", async () => {
    const trudy = (await createUser({ email: "trudy@example.com", password: "secret1" }))!;
    const row = (i: number) => ({
      ...SUGGESTION,
      url: `https://example.com/trudy/${i}`,
      suggestedBy: trudy.id,
    });
    const [kept] = await database.db.insert(houses).values(row(0)).returning({ id: houses.id });
    const page = await (await get(deleteAccountPage as never, "/a", trudy.id)).json();
    expect(page.member.houses.list).toHaveLength(1);
    expect((await post(deleteAccountPage as never, "/a", trudy.id)).status).toBe(302);
    expect(await getHouse(kept.id)).toBeDefined();

    const eve = (await createUser({ email: "eve@example.com", password: "secret1" }))!;
    const [gone] = await database.db
      .insert(houses)
      .values({ ...row(1), suggestedBy: eve.id })
      .returning({ id: houses.id });
    const form = { intent: "confirm", houses: "delete" };
    expect((await post(deleteAccountPage as never, "/a", eve.id, form)).status).toBe(302);
    expect(await getHouse(gone.id)).toBeUndefined();
    expect(await getUserByEmail("eve@example.com")).toBeUndefined();
  });

  it("is for organisers only", async () => {
    const plain = await createUser({ email: "plain@example.com", password: "secret1" });
    const member = cookieFrom(await createUserSession(plain!.id, "/"));
    const refused = await callRoute(
      deleteAccountPage.action,
      makeRequest("/a", { cookie: member, form: { intent: "confirm" } }),
      { id: String(organiserId) },
    );
    expect(refused.status).toBe(403);
  });
});
