import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { markEmailConfirmed } from "~/features/accounts/services/kinds/confirm-address.server";
import * as people from "~/routes/organiser_.people";
import * as apiHouse from "~/routes/api.houses.$id";
import { callRoute, expectRedirect, makeRequest, signedInMember } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";

useFreshDatabase();
const adminEmails = process.env.ADMIN_EMAILS;
let first: { id: number; cookie: string };

beforeAll(async () => {
  process.env.ADMIN_EMAILS = "first@example.com";
  resetEnvCache();
  first = await signedInMember("first@example.com", { organiser: true });
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

const post = (cookie: string, form: Record<string, string>) =>
  callRoute(people.action, makeRequest("/organiser/people", { cookie, form }));
const open = (cookie: string) => callRoute(people.loader, makeRequest("/organiser/people", { cookie }));

describe("co-organisers", () => {
  it("an added organiser has no right until they confirm the address; then they do", async () => {
    const added = await signedInMember("second@example.com");
    expect(
      (await post(first.cookie, { intent: "add-organiser", email: " Second@Example.com " })).status,
    ).toBe(302);
    // Added, not confirmed: the organiser pages send them to confirm, a post is refused, and so is the API.
    const page = await open(added.cookie);
    expectRedirect(page, "/organiser/confirm");
    expect((await post(added.cookie, { intent: "clear-deadline" })).status).toBe(403);
    const patch = await callRoute(
      apiHouse.action as never,
      makeRequest("/api/houses/1", { method: "PATCH", cookie: added.cookie, json: { in_play: false } }),
      { id: "1" },
    );
    expect([401, 403]).toContain(patch.status);

    await markEmailConfirmed(added.id);
    expect((await open(added.cookie)).status).toBe(200);
    const listed = (await (await open(first.cookie)).json()) as {
      organisers: Array<{ email: string; state: string }>;
    };
    expect(listed.organisers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "first@example.com", state: "confirmed" }),
        expect.objectContaining({ email: "second@example.com", state: "confirmed" }),
      ]),
    );
    // Adding the same address again says so and changes nothing.
    const again = await post(first.cookie, { intent: "add-organiser", email: "second@example.com" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "second@example.com is an organiser already." });
    // Removed: no rights any more.
    expect(
      (await post(first.cookie, { intent: "remove-organiser", email: "second@example.com" })).status,
    ).toBe(302);
    expect((await open(added.cookie)).status).toBe(403);
  });

  it("the last confirmed organiser cannot be removed; ADMIN_EMAILS cannot be removed in the app", async () => {
    process.env.ADMIN_EMAILS = "";
    resetEnvCache();
    try {
      // With ADMIN_EMAILS empty, "third" is the one confirmed organiser left once added here.
      const third = await signedInMember("third@example.com");
      process.env.ADMIN_EMAILS = "first@example.com";
      resetEnvCache();
      expect((await post(first.cookie, { intent: "add-organiser", email: "third@example.com" })).status).toBe(
        302,
      );
      await markEmailConfirmed(third.id);
      process.env.ADMIN_EMAILS = "";
      resetEnvCache();
      const refused = await post(third.cookie, { intent: "remove-organiser", email: "third@example.com" });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({
        error: "third@example.com is the last confirmed organiser: add and confirm another one first.",
      });
      expect((await open(third.cookie)).status).toBe(200);
      // Two confirmed: either may go, and the other stays.
      const fourth = await signedInMember("fourth@example.com");
      await post(third.cookie, { intent: "add-organiser", email: "fourth@example.com" });
      await markEmailConfirmed(fourth.id);
      const both = await Promise.all([
        post(third.cookie, { intent: "remove-organiser", email: "fourth@example.com" }),
        post(fourth.cookie, { intent: "remove-organiser", email: "third@example.com" }),
      ]);
      expect(both.filter((answer) => answer.status === 302)).toHaveLength(1);
    } finally {
      process.env.ADMIN_EMAILS = "first@example.com";
      resetEnvCache();
    }
    const listed = await post(first.cookie, { intent: "remove-organiser", email: "first@example.com" });
    expect(listed.status).toBe(409);
    expect(await listed.json()).toMatchObject({
      error: "first@example.com is listed in ADMIN_EMAILS: it can only be taken out there.",
    });
  });
});
