import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { surveys } from "~/platform/db/schema";
import { tallyResponses } from "~/features/results/lib/results";
import { WINDOWS } from "~/features/season/lib/weekends";
import { createUser } from "~/platform/models/user.server";
import { useFreshDatabase } from "../../../../tests/support/database";
import {
  getAttendance,
  getResultsOverview,
  getResultsTally,
  listResultRecords,
  listSurveyRecords,
} from "~/features/results/models/results.server";

const database = useFreshDatabase();

const [W0, W1, W2] = WINDOWS;

// Odd shapes the spec allows: maps stored as JSON strings, one of them unreadable, true/false answers.
const ROWS = [
  {
    name: "Ana",
    email: "ana@example.com",
    attending: "yes",
    availability: { [W0]: true, [W1]: true },
    sgw_extension: "both",
    countries: { usa: true, canada: false, mexico: true },
    extra_guests: { boo: true, child: true },
    previous_locale: "yes",
    sober: "no",
    share_room: "yes",
    fate_change: "aye",
  },
  {
    name: "bo",
    email: "BO@example.com",
    attending: "maybe",
    availability: JSON.stringify({ [W1]: true, [W2]: "true" }),
    sgw_extension: "end",
    countries: '{"canada":true}',
    extra_guests: '{"child":true}',
    previous_locale: "true",
    sober: "yes",
    share_room: "no",
    fate_change: "nay",
  },
  {
    name: "Cy",
    email: "cy@example.com",
    attending: "yes",
    availability: "{not json",
    sgw_extension: "",
    countries: { usa: true, canada: false, mexico: false },
    extra_guests: { boo: false, child: false },
    previous_locale: "no",
    sober: "YES",
    share_room: "",
    fate_change: "",
  },
  {
    name: "Dee",
    email: "dee@example.com",
    attending: "no",
    availability: { [W0]: true },
    sgw_extension: "beginning",
    countries: { usa: true, canada: true, mexico: true },
    extra_guests: { boo: true, child: false },
    previous_locale: "yes",
    sober: "yes",
    share_room: "yes",
    fate_change: "aye",
  },
  {
    name: "Ed",
    email: "ed_1%@example.com",
    attending: "",
    availability: { [W0]: true },
    sgw_extension: "both",
    countries: { usa: true, canada: true, mexico: true },
    extra_guests: { boo: false, child: false },
    previous_locale: "yes",
    sober: "yes",
    share_room: "yes",
    fate_change: "aye",
  },
];

async function seed() {
  for (const { email, ...row } of ROWS) {
    const user = await createUser({ email, password: "secret1" });
    await database.db.insert(surveys).values({ ...(row as object), userId: user!.id } as never);
  }
}

describe("results queries", () => {
  it("count the same in SQL as the pure derivation, yes/maybe only", async () => {
    expect((await getResultsTally(WINDOWS)).respondents).toBe(0);
    await seed();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const tally = await getResultsTally(WINDOWS);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("availability"));
    warn.mockRestore();

    expect(tally).toEqual(tallyResponses(ROWS, () => {}));
    expect(tally.respondents).toBe(3);
    expect(tally.availability.slice(0, 3)).toEqual([1, 2, 1]);
    expect(tally.extension).toEqual({ beginning: 0, end: 1, both: 1, no: 0 });
    expect(tally.countries).toEqual({ usa: 2, canada: 1, mexico: 1 });
    // Cy left share_room and fate_change unanswered: counted neither as a yes nor as a no.
    expect([tally.previousLocale, tally.sober, tally.shareRoom, tally.fateChange]).toEqual([
      { yes: 2, no: 1 },
      { yes: 2, no: 1 },
      { yes: 1, no: 1 },
      { yes: 1, no: 1 },
    ]);
  });

  it("list attendance alphabetically with ' +N', and no guests for someone not coming", async () => {
    expect(await getAttendance()).toEqual({ yes: ["Ana +2", "Cy"], maybe: ["bo +1"], no: ["Dee"] });
  });

  it("show no guests in the public records of someone not coming", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const records = await listResultRecords();
    vi.restoreAllMocks();
    expect(records.find((record) => record.name === "Dee")?.extra_guests).toEqual({
      boo: false,
      child: false,
    });
    expect(records.find((record) => record.name === "Ana")?.extra_guests).toEqual({ boo: true, child: true });
  });

  it("return stored maps as objects, even when a JSON string was stored", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const records = await listResultRecords();
    vi.restoreAllMocks();
    const bo = records.find((record) => record.name === "bo");
    expect(bo?.countries).toEqual({ canada: true });
    expect(bo?.availability).toEqual({ [W1]: true, [W2]: "true" });
    expect(records.find((record) => record.name === "Cy")?.availability).toEqual({});
  });

  it("search names and e-mails case-insensitively, with LIKE wildcards taken literally", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const names = async (q: string) =>
      (await listSurveyRecords({ email: "reader@example.com", organiser: false }, q)).map(
        (record) => record.name,
      );
    expect(await names("")).toEqual(["Ana", "bo", "Cy", "Dee", "Ed"]);
    expect(await names("BO")).toEqual(["bo"]);
    expect(await names("DEE@EXAMPLE")).toEqual(["Dee"]);
    expect(await names("%")).toEqual(["Ed"]);
    expect(await names("_1")).toEqual(["Ed"]);
    expect(await names("nobody")).toEqual([]);
    vi.restoreAllMocks();
  });

  it("serve the cached overview until any survey changes, also through a write no model made", async () => {
    const first = await getResultsOverview();
    expect(await getResultsOverview()).toBe(first);
    expect(first.attendance.maybe).toEqual(["bo +1"]);

    // Straight to the table, naming no cache: the connection notes the write, nothing else does.
    await database.db.update(surveys).set({ attending: "yes" }).where(eq(surveys.name, "bo"));
    const second = await getResultsOverview();
    expect(second).not.toBe(first);
    expect(second.attendance).toMatchObject({ yes: ["Ana +2", "bo +1", "Cy"], maybe: [] });
    expect(second.tally.respondents).toBe(3);

    await database.db.update(surveys).set({ sober: "no" }).where(eq(surveys.name, "Cy"));
    expect((await getResultsOverview()).tally.sober).toEqual({
      yes: second.tally.sober.yes - 1,
      no: second.tally.sober.no + 1,
    });

    await database.db.transaction(async (tx) => {
      await tx.delete(surveys).where(eq(surveys.name, "Ana"));
    });
    const third = await getResultsOverview();
    expect(third.tally.respondents).toBe(2);
    expect(third.tally).toEqual(await getResultsTally(WINDOWS));
  });
});
