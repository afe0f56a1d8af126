/**
 * Issue 53 item 6: the organiser's single-purpose steps ran their deletion on any post, whatever its
 * intent (`intent=constructor` removed a survey). Each now runs on its own form's `intent=confirm` only.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { houses, surveys, users } from "~/platform/db/schema";
import * as houseDelete from "~/routes/organiser_.houses.$id.delete";
import * as memberDelete from "~/routes/organiser_.members.$id.delete";
import * as memberHouses from "~/routes/organiser_.members.$id.houses";
import * as memberSurvey from "~/routes/organiser_.members.$id.survey";
import { useFreshDatabase } from "../../tests/support/database";
import { useFakeMail } from "../../tests/support/mail";
import { callRoute, makeRequest, signedInMember } from "../../tests/support/requests";
import { LAKESIDE_LODGE } from "../../tests/support/season";

const database = useFreshDatabase();
useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: "http://localhost:3000" });

let boss: { id: number; cookie: string };
let alex: { id: number; cookie: string };
let houseId: number;

beforeAll(async () => {
  boss = await signedInMember("boss@example.com", { name: "Boss", organiser: true });
  alex = await signedInMember("alex@example.com", { name: "Alex" });
  await database.db.insert(surveys).values({ userId: alex.id, name: "Alex", attending: "yes" });
  [{ id: houseId }] = await database.db
    .insert(houses)
    .values({ ...LAKESIDE_LODGE, suggestedBy: alex.id })
    .returning({ id: houses.id });
});

const STEPS = [
  { name: "remove a survey", route: memberSurvey, path: () => `/organiser/members/${alex.id}/survey` },
  // In this order, so each still has something to delete when confirmed.
  { name: "delete a house", route: houseDelete, path: () => `/organiser/houses/${houseId}/delete` },
  {
    name: "delete a member's houses",
    route: memberHouses,
    path: () => `/organiser/members/${alex.id}/houses`,
  },
  { name: "delete an account", route: memberDelete, path: () => `/organiser/members/${alex.id}/delete` },
];

async function state() {
  const [survey] = await database.db
    .select({ id: surveys.id })
    .from(surveys)
    .where(eq(surveys.userId, alex.id));
  const [house] = await database.db.select({ id: houses.id }).from(houses).where(eq(houses.id, houseId));
  const [member] = await database.db
    .select({ leftAt: users.leftAt })
    .from(users)
    .where(eq(users.id, alex.id));
  return { survey: Boolean(survey), house: Boolean(house), left: member.leftAt !== null };
}

describe("an organiser's single-purpose step runs on its own intent only", () => {
  for (const step of STEPS) {
    for (const form of [{ intent: "constructor" }, { intent: "delete" }, {} as Record<string, string>]) {
      it(`${step.name}: a post with ${JSON.stringify(form)} is refused (400) and changes nothing`, async () => {
        const before = await state();
        const response = await callRoute(
          step.route.action as never,
          makeRequest(step.path(), { cookie: boss.cookie, form: { ...form, houses: "delete" } }),
          { id: step.path().split("/")[3] },
        );
        expect(response.status).toBe(400);
        expect(await response.text()).toContain("Unknown request");
        expect(await state()).toEqual(before);
        expect(before).toEqual({ survey: true, house: true, left: false });
      });
    }
  }

  it("each step still runs on intent=confirm", async () => {
    for (const step of STEPS) {
      const response = await callRoute(
        step.route.action as never,
        makeRequest(step.path(), { cookie: boss.cookie, form: { intent: "confirm" } }),
        { id: step.path().split("/")[3] },
      );
      expect(response.status, step.name).toBe(302);
    }
    expect(await state()).toEqual({ survey: false, house: false, left: true });
  });
});
