import { count, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { surveyDrafts, surveys } from "~/platform/db/schema";
import { emptySurvey } from "~/features/survey/lib/survey-fields";
import { createUser, getUserById } from "~/platform/models/user.server";
import { useFreshDatabase } from "../../../../tests/support/database";
import { getResultsOverview } from "~/features/results/models/results.server";
import {
  getAttendanceLists,
  getSurvey,
  getSurveyProgress,
  saveSurvey,
  saveSurveyDraft,
} from "~/features/survey/models/survey.server";

const database = useFreshDatabase();

async function member(email: string) {
  const user = await createUser({ email, password: "secret1" });
  return user!.id;
}

describe("survey storage", () => {
  it("starts a new member at section 1 with the empty survey", async () => {
    const id = await member("new@example.com");
    expect(await getSurveyProgress(id)).toEqual({
      answers: emptySurvey(),
      section: 1,
      submitted: false,
      remembered: false,
    });
    expect(await getSurvey(id)).toBeNull();
  });

  it("keeps a draft per member and resumes at its section", async () => {
    const kim = await member("kim@example.com");
    const lee = await member("lee@example.com");
    await saveSurveyDraft(kim, { ...emptySurvey(), name: "Kim", attending: "no" }, 3);
    await saveSurveyDraft(kim, { ...emptySurvey(), name: "Kim", attending: "no", sgw24_attendee: "yes" }, 5);
    const progress = await getSurveyProgress(kim);
    expect(progress.section).toBe(5);
    expect(progress.answers).toMatchObject({ name: "Kim", attending: "no", sgw24_attendee: "yes" });
    expect((await getSurveyProgress(lee)).answers.name).toBe("");
    const [{ value }] = await database.db.select({ value: count() }).from(surveyDrafts);
    expect(value).toBe(1);
  });

  it("saves one survey per member, names the member and ends the draft", async () => {
    const id = await member("sol@example.com");
    await saveSurveyDraft(id, emptySurvey(), 6);
    const first = await saveSurvey(id, { ...emptySurvey(), name: "Sol", attending: "maybe" });
    expect(first).toMatchObject({ name: "Sol", attending: "maybe" });
    expect((await getUserById(id))?.name).toBe("Sol");
    expect(await getSurveyProgress(id)).toMatchObject({ section: 1, submitted: true });

    await saveSurvey(id, {
      ...emptySurvey(),
      name: "Solveig",
      attending: "yes",
      shirt_size: { self: "l", boo: "", child: "" },
    });
    const rows = await database.db.select().from(surveys).where(eq(surveys.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Solveig",
      attending: "yes",
      shirt_size: { self: "l", boo: "", child: "" },
    });
    expect((await getUserById(id))?.name).toBe("Solveig");
    expect((await getSurveyProgress(id)).answers.name).toBe("Solveig");
  });

  it("keeps the display name when the survey name is empty", async () => {
    const id = await member("quiet@example.com");
    await saveSurvey(id, { ...emptySurvey(), name: "Quinn" });
    await saveSurvey(id, { ...emptySurvey(), name: "" });
    expect((await getUserById(id))?.name).toBe("Quinn");
  });

  it("loads a saved survey with partial nested maps over the defaults", async () => {
    const id = await member("old@example.com");
    await database.db
      .insert(surveys)
      .values({ userId: id, name: "Old", availability: { "Apr 3 - Apr 7": true } });
    const { answers } = await getSurveyProgress(id);
    expect(Object.keys(answers.availability)).toHaveLength(39);
    expect(answers.availability["Apr 3 - Apr 7"]).toBe(true);
    expect(answers.shirt_size).toEqual({ self: "", boo: "", child: "" });
  });

  it("ignores a draft that no longer validates", async () => {
    const id = await member("stale@example.com");
    await database.db
      .insert(surveyDrafts)
      .values({ userId: id, data: { section: 4, answers: { attending: "perhaps" } } });
    expect(await getSurveyProgress(id)).toEqual({
      answers: emptySurvey(),
      section: 1,
      submitted: false,
      remembered: false,
    });
  });

  it("updates the submitted survey at once when a member saves a section after submitting", async () => {
    const id = await member("late@example.com");
    await saveSurvey(id, { ...emptySurvey(), name: "Lou", attending: "yes" });
    const progress = await getSurveyProgress(id);
    const saved = await saveSurveyDraft(id, { ...progress.answers, name: "Louise", attending: "no" }, 3);
    expect(saved).toEqual({ updatedSubmitted: true });
    expect(await getSurvey(id)).toMatchObject({ name: "Louise", attending: "no" });
    expect((await getUserById(id))?.name).toBe("Louise");
    expect(await getSurveyProgress(id)).toMatchObject({ section: 3, submitted: true });
  });

  it("leaves an unsubmitted member's survey unsubmitted when a section is saved", async () => {
    const id = await member("draft-only@example.com");
    const saved = await saveSurveyDraft(id, { ...emptySurvey(), name: "Dee", attending: "yes" }, 2);
    expect(saved).toEqual({ updatedSubmitted: false });
    expect(await getSurvey(id)).toBeNull();
  });
});

describe("the caches", () => {
  it("a section saved after submitting shows on /sgw25's lists and /results at once", async () => {
    const id = await member("ada@example.com");
    await saveSurvey(id, { ...emptySurvey(), name: "Ada", attending: "maybe" });
    // The clock stands still: "at once" must not depend on a second going by on a slow machine.
    vi.useFakeTimers({ toFake: ["Date"] });
    // Both read (and keep) the submitted answer first.
    expect((await getAttendanceLists()).onTheFence).toContain("Ada");
    expect((await getResultsOverview()).attendance.maybe).toContain("Ada");

    expect(await saveSurveyDraft(id, { ...emptySurvey(), name: "Ada", attending: "yes" }, 2)).toEqual({
      updatedSubmitted: true,
    });
    expect((await getAttendanceLists()).coming).toContain("Ada");
    expect((await getResultsOverview()).attendance.yes).toContain("Ada");
    vi.useRealTimers();
  });
});
