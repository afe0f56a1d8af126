import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { surveys } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import { FIXTURE } from "~/features/results/lib/headcount.fixture";
import { createUser } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { createConfirmedOrganiser } from "../../tests/support/organiser";
import * as headcountCsv from "~/routes/organiser_.headcount[.]csv";
import { organiserLoader } from "../../tests/support/organiser-pages";

const database = useFreshDatabase();
const adminEmails = process.env.ADMIN_EMAILS;
let cookie: string;

beforeAll(async () => {
  process.env.ADMIN_EMAILS = "boss@example.com";
  resetEnvCache();
  const boss = await createConfirmedOrganiser({ email: "boss@example.com" });
  cookie = cookieFrom(await createUserSession(boss.id, "/"));
  for (const [index, answers] of FIXTURE.entries()) {
    const user = await createUser({ email: `m${index}@example.com`, password: "secret1" });
    // Written as stored, including the one whose maps are JSON text (an older client's shape).
    await database.db
      .insert(surveys)
      .values({ userId: user!.id, ...(answers as Record<string, unknown>) } as never);
  }
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

describe("headcount", () => {
  it("shows the hand-counted numbers on /organiser and in its CSV", async () => {
    const page = await (await callRoute(organiserLoader, makeRequest("/organiser", { cookie }))).json();
    expect(page.headcount.count.people).toEqual({ yes: 5, all: 8 });
    expect(page.headcount.count.bedrooms).toEqual({ yes: 3, all: 4 });
    expect(page.headcount.count.sharing).toEqual(["Ana", "Bo", "Ed"]);
    const csv = await callRoute(headcountCsv.loader, makeRequest("/organiser/headcount.csv", { cookie }));
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const rows = parse(await csv.text()) as string[][];
    expect(rows).toContainEqual(["Members coming", "3", "5"]);
    expect(rows).toContainEqual(["Boo guests", "1", "2"]);
    expect(rows).toContainEqual(["Child guests", "1", "1"]);
    expect(rows).toContainEqual(["Sober: no", "1", "2"]);
    expect(rows).toContainEqual(["Shirts, self, m", "2", "2"]);
    expect(rows).toContainEqual(["Shirts, child, xs", "1", "1"]);
    expect(rows).toContainEqual(["Will share a room", "Ana; Bo", "Ana; Bo; Ed"]);
    const member = await createUser({ email: "plain@example.com", password: "secret1" });
    const refused = await callRoute(
      headcountCsv.loader,
      makeRequest("/organiser/headcount.csv", {
        cookie: cookieFrom(await createUserSession(member!.id, "/")),
      }),
    );
    expect(refused.status).toBe(403);
  });
});
