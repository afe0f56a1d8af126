import { runAsClient } from "~/platform/services/request-path.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { getHouse, listHouses } from "~/features/houses/models/house.server";
import { OUT_OF_PLAY_VOTE } from "~/features/houses/lib/house-rules";
import { SUGGEST_FORM } from "~/features/houses/lib/house.fixture";
import { getMemberVotes, getVoteCounts } from "~/features/houses/models/vote.server";
import {
  callRoute,
  expectRedirect,
  logInWithKeptForm,
  makeRequest,
  signedInMember,
} from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import * as authRoute from "~/routes/auth";
import * as housesRoute from "~/routes/houses";
import * as suggestRoute from "~/routes/houses-suggest";

useFreshDatabase();

const adminEmails = process.env.ADMIN_EMAILS;
let member: { id: number; cookie: string; lastMember: string };
let organiser: { id: number; cookie: string; lastMember: string };

const signedIn = (email: string, name: string, options: { organiser?: boolean } = {}) =>
  signedInMember(email, { name, ...options });

beforeAll(async () => {
  process.env.ADMIN_EMAILS = "boss@example.com";
  resetEnvCache();
  member = await signedIn("ana@example.com", "Ana");
  organiser = await signedIn("boss@example.com", "Boss", { organiser: true });
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

const suggestion = SUGGEST_FORM;

const suggest = (form: Record<string, string>, cookie = member.cookie) =>
  callRoute(suggestRoute.action, makeRequest("/houses-suggest", { form, cookie }));
const post = (form: Record<string, string>, cookie = member.cookie) =>
  callRoute(housesRoute.action, makeRequest("/houses", { form, cookie }));

describe("/houses-suggest", () => {
  it("stores the house as the member's and redirects with the kept values", async () => {
    const response = await suggest({ ...suggestion, who_suggested: "Mallory", in_play: "false" } as never);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/houses-suggest");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      countryChoice: "USA",
      state: "CA",
      num_baths: "3.5",
    });
    expect(location.searchParams.has("title")).toBe(false);
    const house = await getHouse(Number(location.searchParams.get("added")));
    expect(house).toMatchObject({
      who_suggested: "Ana",
      in_play: true,
      previous_house: false,
      url: "https://www.airbnb.com/rooms/5",
    });
  });

  it("re-renders a bad suggestion with a 400, the message and every value", async () => {
    const response = await suggest({ ...suggestion, listing_img: "https://example.com/a.gif" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({ listing_img: "Image URL must end with .png, .jpg, or .jpeg" });
    expect(body.values).toMatchObject({ title: "Cabin", city: "Tahoe", state: "CA", num_bedrooms: "9" });
  });

  it("sends visitors to the login", async () => {
    const response = await callRoute(suggestRoute.loader, makeRequest("/houses-suggest"));
    expect(response.headers.get("Location")).toBe("/auth?redirect=%2Fhouses-suggest");
  });

  it("keeps a suggestion sent after the session ended and saves it at the login", async () => {
    const before = (await listHouses()).length;
    // Late logged out (the session cookie is gone); the browser still knows it was Late's.
    const late = await signedIn("late@example.com", "Late");
    const response = await suggest(
      { ...suggestion, url: "airbnb.com/rooms/6", title: "Kept Cabin" },
      late.lastMember,
    );
    expectRedirect(response, "/auth?redirect=%2Fhouses-suggest&reason=house");
    expect((await listHouses()).length).toBe(before);

    const login = await logInWithKeptForm(authRoute.action, response, late, {
      email: "late@example.com",
      redirect: "/houses-suggest",
    });
    const location = new URL(login.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/houses-suggest");
    const house = await getHouse(Number(location.searchParams.get("added")));
    expect(house).toMatchObject({ title: "Kept Cabin", who_suggested: "Late", city: "Tahoe", state: "CA" });
    expect((await listHouses()).length).toBe(before + 1);
  });

  it("saves a kept suggestion once when 30 logins carry its token at the same time", async () => {
    const racer = await signedIn("racer@example.com", "Racer");
    const response = await suggest(
      { ...suggestion, url: "airbnb.com/rooms/7", title: "Raced Cabin" },
      racer.lastMember,
    );
    const logins = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        runAsClient(`10.30.0.${i}`, () =>
          logInWithKeptForm(authRoute.action, response, racer, {
            email: "racer@example.com",
            redirect: "/houses",
          }),
        ),
      ),
    );
    expect(logins.every((login) => login.status === 302)).toBe(true);
    expect((await listHouses()).filter((house) => house.title === "Raced Cabin")).toHaveLength(1);
  }, 60_000);

  it("brings an invalid kept suggestion back to the form as it was typed", async () => {
    const response = await suggest(
      { ...suggestion, listing_img: "https://example.com/a.gif" },
      member.lastMember,
    );
    const login = await logInWithKeptForm(authRoute.action, response, member, {
      email: "ana@example.com",
      redirect: "/houses-suggest",
    });
    const back = login.headers.get("Location")!;
    expect(back.startsWith("/houses-suggest?")).toBe(true);
    const page = await callRoute(suggestRoute.loader, makeRequest(back, { cookie: member.cookie }));
    const { kept } = await page.json();
    expect(kept).toMatchObject({
      url: suggestion.url,
      title: "Cabin",
      listing_img: "https://example.com/a.gif",
      city: "Tahoe",
      state: "CA",
      num_baths: "3.5",
    });
  });
});

describe("/houses actions", () => {
  it("records a plain-form vote and returns to the card; the next one replaces it", async () => {
    const [house] = await listHouses();
    const plain = await post({ intent: "vote", houseId: String(house.id), vote: "love" });
    expectRedirect(plain, `/houses#house-${house.id}`);
    // The page's script sends votes to /api/votes; a form it marked (via) is still a plain post.
    const again = await post({ intent: "vote", houseId: String(house.id), vote: "dislike", via: "script" });
    expect(again.headers.get("Location")).toBe(`/houses#house-${house.id}`);
    expect(await getMemberVotes(member.id)).toEqual([{ house_id: house.id, vote: "dislike" }]);
    expect((await getVoteCounts())[house.id]).toEqual({ love: 0, like: 0, dislike: 1 });
  });

  it("refuses bad votes and sends a logged-out vote to the login", async () => {
    const [house] = await listHouses();
    const wrong = await post({ intent: "vote", houseId: String(house.id), vote: "meh" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe("Invalid vote type. Must be one of: like, love, dislike");
    expect((await post({ intent: "vote", houseId: "999999", vote: "love" })).status).toBe(404);
    const plain = await post({ intent: "vote", houseId: String(house.id), vote: "love" }, "");
    // Not recorded: the login names the reason and leads back to the card, which offers the vote again.
    const login = new URL(plain.headers.get("Location")!, "http://localhost");
    expect(login.pathname).toBe("/auth");
    expect(login.searchParams.get("reason")).toBe("vote");
    expect(login.searchParams.get("redirect")).toBe(
      `/houses?houseId=${house.id}&vote=love#house-${house.id}`,
    );
  });

  it("refuses a vote on a house out of play, on its card", async () => {
    const [house] = await listHouses();
    const taken = await post({ intent: "out-of-play", houseId: String(house.id) }, organiser.cookie);
    expect(taken.status).toBe(302);
    const refused = await post({ intent: "vote", houseId: String(house.id), vote: "love" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: OUT_OF_PLAY_VOTE, form: `house-${house.id}` });
    expect(await getMemberVotes(member.id)).toEqual([{ house_id: house.id, vote: "dislike" }]);
    await post({ intent: "in-play", houseId: String(house.id) }, organiser.cookie);
    expect((await getHouse(house.id))?.in_play).toBe(true);
  });

  it("lets only organisers move houses", async () => {
    const [house] = await listHouses();
    const forbidden = await post({ intent: "previous", houseId: String(house.id), year: "2024" });
    expect(forbidden.status).toBe(403);
    expect((await getHouse(house.id))?.previous_house).toBe(false);

    expect(
      (await post({ intent: "previous", houseId: String(house.id), year: "20x4" }, organiser.cookie)).status,
    ).toBe(400);
    const marked = await post(
      { intent: "previous", houseId: String(house.id), year: "2024" },
      organiser.cookie,
    );
    expect(marked.headers.get("Location")).toBe(`/houses#house-${house.id}`);
    expect(await getHouse(house.id)).toMatchObject({ previous_house: true, previous_house_year: 2024 });
    await post({ intent: "out-of-play", houseId: String(house.id) }, organiser.cookie);
    expect((await getHouse(house.id))?.in_play).toBe(false);
    await post({ intent: "not-previous", houseId: String(house.id) }, organiser.cookie);
    expect(await getHouse(house.id)).toMatchObject({
      previous_house: false,
      previous_house_year: null,
      in_play: false,
    });
  });

  it("loads the grids' data with the member's own votes and the organiser flag", async () => {
    const response = await callRoute(
      housesRoute.loader,
      makeRequest("/houses", { cookie: organiser.cookie }),
    );
    const data = await response.json();
    expect(data.organiser).toBe(true);
    expect(data.votes).toEqual({});
    const asMember = await (
      await callRoute(housesRoute.loader, makeRequest("/houses", { cookie: member.cookie }))
    ).json();
    expect(asMember.organiser).toBe(false);
    expect(Object.values(asMember.votes)).toEqual(["dislike"]);
  });
});
