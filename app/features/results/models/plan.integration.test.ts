import { describe, expect, it, beforeAll } from "vitest";
import { useFreshDatabase } from "../../../../tests/support/database";
import { bestWeekends } from "~/features/results/lib/best-weekends";
import { WINDOWS } from "~/features/season/lib/weekends";
import { reminderRecipients } from "~/features/organiser/lib/reminders";
import {
  claimReminderRound,
  getChosenHouseId,
  getLastReminderAt,
  getSurveyDeadline,
  setChosenHouseId,
  setSurveyDeadline,
} from "~/features/season/models/event-settings.server";
import {
  getExpectedGroup,
  getWeekendCounts,
  listMemberSurveyStatus,
  listPreviousHouses,
} from "~/features/results/models/plan.server";
import { seedDemoData } from "~/seed.server";

const database = useFreshDatabase();

beforeAll(async () => {
  await seedDemoData(database.db);
});

describe("plan queries on the demo data", () => {
  it("counts yes and maybe per window and ranks the planned weekend first", async () => {
    const { counts, respondents } = await getWeekendCounts(WINDOWS);
    expect(respondents).toBe(4);
    expect(counts.find((entry) => entry.label === "Aug 21 - Aug 25")).toMatchObject({ yes: 3, maybe: 1 });
    const { top } = bestWeekends(counts, respondents);
    expect(top.map((row) => row.label)).toEqual([
      "Aug 21 - Aug 25",
      "Aug 14 - Aug 18",
      "Aug 28 - Sep 1",
      "Aug 7 - Aug 11",
      "Sep 4 - Sep 8",
    ]);
  });

  it("knows the expected group", async () => {
    expect(await getExpectedGroup()).toEqual({ yes: 3, yesGuests: 4, maybe: 1, maybeGuests: 0 });
  });

  it("lists who submitted and who has not; the reminder goes to those who have not", async () => {
    const members = await listMemberSurveyStatus();
    expect(members.filter((member) => member.submitted)).toHaveLength(5);
    expect(reminderRecipients(members).map((member) => member.email)).toEqual(["organiser@example.com"]);
  });

  it("lists the previous houses newest first", async () => {
    expect((await listPreviousHouses()).map((house) => house.year)).toEqual([2024, 2023]);
  });
});

describe("event settings", () => {
  it("stores and clears the deadline and the chosen house", async () => {
    expect(await getSurveyDeadline()).toBeNull();
    await setSurveyDeadline(new Date("2025-08-01T22:00:00Z"));
    expect((await getSurveyDeadline())?.toISOString()).toBe("2025-08-01T22:00:00.000Z");
    await setSurveyDeadline(null);
    expect(await getSurveyDeadline()).toBeNull();
    await setChosenHouseId(3);
    expect(await getChosenHouseId()).toBe(3);
    await setChosenHouseId(null);
    expect(await getChosenHouseId()).toBeNull();
  });

  it("lets one reminder round through per 24 hours, even when two claim at once", async () => {
    const now = new Date("2025-07-01T12:00:00Z");
    const results = await Promise.all([claimReminderRound(now), claimReminderRound(now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await getLastReminderAt())?.toISOString()).toBe(now.toISOString());
    expect(await claimReminderRound(new Date("2025-07-02T11:59:00Z"))).toBe(false);
    expect(await claimReminderRound(new Date("2025-07-02T12:00:00Z"))).toBe(true);
  });
});
