import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { houses, users } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import { listHouses } from "~/features/houses/models/house.server";
import { getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { seedDemoData } from "~/seed.server";
import { MEMBERS_PER_PAGE } from "~/features/organiser/lib/member-list";
import { HOUSES_PER_PAGE } from "~/features/organiser/lib/house-rows";
import * as people from "~/routes/organiser_.people";
import * as housesPage from "~/routes/organiser_.houses._index";
import * as removeSurveyPage from "~/routes/organiser_.members.$id.survey";
import * as deleteHousePage from "~/routes/organiser_.houses.$id.delete";
import { callRoute, cookieFrom, expectRedirect, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";

const database = useFreshDatabase();
const adminEmails = process.env.ADMIN_EMAILS;
let cookie: string;
// 120 members beside the demo's: registered, no survey, all with "pager" in their address.
const ADDED = 120;

beforeAll(async () => {
  process.env.ADMIN_EMAILS = "organiser@example.com";
  resetEnvCache();
  await seedDemoData(database.db, { confirmOrganisers: true });
  await database.db.insert(users).values(
    Array.from({ length: ADDED }, (_, i) => ({
      email: `pager-${String(i).padStart(3, "0")}@example.com`,
      name: `Paged Member ${i}`,
      passwordHash: "not-a-login",
    })),
  );
  await database.db.insert(houses).values(
    Array.from({ length: 30 }, (_, i) => ({
      url: `https://www.airbnb.com/rooms/9${i}`,
      title: `Paged House ${i}`,
      city: "Aspen",
      state: "CO",
      country: "USA",
      num_bedrooms: 8,
      num_beds: 10,
      num_baths: 4,
    })),
  );
  const organiser = await getUserByEmail("organiser@example.com");
  cookie = cookieFrom(await createUserSession(organiser!.id, "/"));
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

type Listing = {
  rows: { id: number; email: string; submitted: boolean }[];
  page: number;
  pages: number;
  total: number;
  counts: { submitted: number; waiting: number };
  found: { submitted: number; waiting: number };
  q: string;
};
const listing = async (query: string): Promise<Listing> => {
  const response = await callRoute(people.loader, makeRequest(`/organiser/people${query}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()).listing;
};

describe("/organiser/people a page at a time", () => {
  it("counts everyone on every page and lists every member once across the pages", async () => {
    const first = await listing("");
    const everyone = first.counts.submitted + first.counts.waiting;
    expect(everyone).toBeGreaterThan(ADDED);
    expect(first.counts.submitted).toBeGreaterThan(0);
    expect(first.pages).toBe(Math.ceil(everyone / MEMBERS_PER_PAGE));
    const pages = [first];
    for (let page = 2; page <= first.pages; page += 1) pages.push(await listing(`?page=${page}`));
    for (const [index, page] of pages.entries()) {
      expect(page.page).toBe(index + 1);
      expect(page.counts).toEqual(first.counts);
      expect(page.rows.length).toBe(Math.min(MEMBERS_PER_PAGE, everyone - index * MEMBERS_PER_PAGE));
    }
    const ids = pages.flatMap((page) => page.rows.map((row) => row.id));
    expect(new Set(ids).size).toBe(everyone);
    // Those who submitted lead: the first page starts with them.
    const rows = pages.flatMap((page) => page.rows);
    expect(rows.slice(0, first.counts.submitted).every((row) => row.submitted)).toBe(true);
    // A page past the end is the last page; a malformed one the first.
    expect((await listing("?page=999")).page).toBe(first.pages);
    expect((await listing("?page=x")).page).toBe(1);
  });

  it("searches by name or address across the pages, the counts still everyone's", async () => {
    const all = await listing("");
    const found = await listing("?q=PAGER");
    expect(found.q).toBe("PAGER");
    expect(found.total).toBe(ADDED);
    expect(found.found).toEqual({ submitted: 0, waiting: ADDED });
    expect(found.counts).toEqual(all.counts);
    expect(found.pages).toBe(Math.ceil(ADDED / MEMBERS_PER_PAGE));
    const last = await listing(`?q=pager&page=${found.pages}`);
    expect(last.rows.map((row) => row.email)).toEqual(
      Array.from(
        { length: ADDED - (found.pages - 1) * MEMBERS_PER_PAGE },
        (_, i) => `pager-${String((found.pages - 1) * MEMBERS_PER_PAGE + i).padStart(3, "0")}@example.com`,
      ),
    );
    const byName = await listing("?q=paged%20member%2011");
    expect(byName.rows.map((row) => row.email)).toEqual([
      "pager-011@example.com",
      ...Array.from({ length: 10 }, (_, i) => `pager-${110 + i}@example.com`),
    ]);
    expect((await listing("?q=nobody-at-all")).rows).toEqual([]);
  });

  it("a step opened from a page of the list returns to that page and search, and nowhere else", async () => {
    const alex = (await listing("?q=alex")).rows[0];
    expect(alex.submitted).toBe(true);
    const back = "/organiser/people?q=alex&page=1";
    const step = `/s?back=${encodeURIComponent(back)}`;
    const page = await callRoute(removeSurveyPage.loader as never, makeRequest(step, { cookie }), {
      id: String(alex.id),
    });
    expect((await page.json()).back).toBe(back);
    const done = await callRoute(
      removeSurveyPage.action as never,
      makeRequest(step, { cookie, form: { intent: "confirm" } }),
      { id: String(alex.id) },
    );
    expectRedirect(done, back);
    const foreign = await callRoute(
      removeSurveyPage.loader as never,
      makeRequest(`/s?back=${encodeURIComponent("https://evil.example/organiser/people?page=2")}`, {
        cookie,
      }),
      { id: String(alex.id) },
    );
    expect((await foreign.json()).back).toBe("/organiser/people");
  });
});

describe("/organiser/houses a page at a time", () => {
  const open = async (query: string) => {
    const response = await callRoute(housesPage.loader, makeRequest(`/organiser/houses${query}`, { cookie }));
    return (await response.json()) as {
      houses: { id: number; title: string; in_play: boolean }[];
      counts: Record<string, unknown>;
      page: number;
      pages: number;
      total: number;
    };
  };

  it("shows each house once across the pages, with only what a row needs", async () => {
    const stored = await listHouses();
    const first = await open("");
    expect(first.total).toBe(stored.length);
    expect(first.pages).toBe(Math.ceil(stored.length / HOUSES_PER_PAGE));
    expect(first.pages).toBeGreaterThan(1);
    const shown = [first];
    for (let page = 2; page <= first.pages; page += 1) shown.push(await open(`?page=${page}`));
    expect(shown.flatMap((page) => page.houses.map((house) => house.id))).toEqual(
      stored.map((house) => house.id),
    );
    expect(Object.keys(first.houses[0]).sort()).not.toContain("listing_img");
    expect(Object.keys(first.houses[0]).sort()).not.toContain("url");
    for (const page of shown)
      for (const id of Object.keys(page.counts))
        expect(page.houses.map((house) => String(house.id))).toContain(id);
  });

  it("a control on page 2 returns to page 2; a deletion from page 2 too", async () => {
    const second = await open("?page=2");
    const house = second.houses[0];
    const posted = await callRoute(
      housesPage.action,
      makeRequest("/organiser/houses?index&page=2", {
        cookie,
        form: { intent: house.in_play ? "out-of-play" : "in-play", houseId: String(house.id) },
      }),
    );
    expectRedirect(posted, "/organiser/houses?page=2");
    expect((await open("?page=2")).houses[0].in_play).toBe(!house.in_play);
    const deleted = await callRoute(
      deleteHousePage.action as never,
      makeRequest(`/d?back=${encodeURIComponent("/organiser/houses?page=2")}`, {
        cookie,
        form: { intent: "confirm" },
      }),
      { id: String(house.id) },
    );
    expect(deleted.headers.get("Location")).toBe("/organiser/houses?page=2");
    expect((await open("")).total).toBe(second.total - 1);
  });
});
