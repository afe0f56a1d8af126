import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { surveyDrafts, surveys } from "~/platform/db/schema";
import { SURVEY_FIELDS, type SurveyAnswers } from "~/features/survey/lib/survey-fields";
import { FIRST_SECTION, parseSection, type Section } from "~/features/survey/lib/survey-flow";
import { mergeOverDefaults } from "~/features/survey/lib/survey-merge";
import { parseSurvey, type SurveyEdition } from "~/features/survey/lib/survey-schema";
import { rememberedAnswers } from "~/features/survey/lib/survey-memory";
import {
  CURRENT_EDITION,
  getCurrentEdition,
  holdEdition,
  inCurrentEdition,
  memberInCurrentEdition,
  type CurrentEdition,
} from "~/features/season/index.server";
import { cachedByTables } from "~/platform/models/table-cache.server";
import { setUserName } from "~/platform/models/user.server";

/** Names of members who said yes or maybe, for the event page's live lists. */
export function getAttendanceLists(): Promise<{ coming: string[]; onTheFence: string[] }> {
  return cachedByTables("attendance-lists", ["surveys", "editions"], readAttendanceLists);
}

async function readAttendanceLists(): Promise<{ coming: string[]; onTheFence: string[] }> {
  const db = await getDb();
  const rows = await db
    .select({ name: surveys.name, attending: surveys.attending })
    .from(surveys)
    .where(and(inArray(surveys.attending, ["yes", "maybe"]), inCurrentEdition(surveys.editionId)))
    .orderBy(asc(surveys.name));
  const label = (name: string) => name.trim() || "User";
  return {
    coming: rows.filter((row) => row.attending === "yes").map((row) => label(row.name)),
    onTheFence: rows.filter((row) => row.attending === "maybe").map((row) => label(row.name)),
  };
}

/** The member's survey (or draft) in the current edition. */
const ofMember = (userId: number) => memberInCurrentEdition(surveys, userId);
const draftOf = (userId: number) => memberInCurrentEdition(surveyDrafts, userId);

/** The member's submitted survey in the API's shape (the spec's fields only), or null when none. */
export async function getSurvey(userId: number): Promise<SurveyAnswers | null> {
  const db = await getDb();
  const [row] = await db.select().from(surveys).where(ofMember(userId)).limit(1);
  if (!row) return null;
  return Object.fromEntries(SURVEY_FIELDS.map((field) => [field, row[field]])) as SurveyAnswers;
}

/**
 * Where a member stands in the survey: the answers to show, the section to resume at, and whether
 * the answers were taken from the member's survey of an earlier edition.
 */
export type SurveyProgress = {
  answers: SurveyAnswers;
  section: Section;
  submitted: boolean;
  remembered: boolean;
};

/**
 * The member's answers in progress: the draft when there is one, else the submitted survey merged
 * over the empty defaults (spec: "on entering the survey, logged-in users load their saved data").
 * In a new edition with neither, the survey starts from the member's last answers to what rarely
 * changes (lib/survey-memory); nothing is saved until they go on. Pages read it through a small
 * per-member cache; `fresh` reads the database itself, for a write that builds on it (another
 * instance may have just saved).
 */
export function getSurveyProgress(
  userId: number,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<Readonly<SurveyProgress>> {
  if (fresh) return readSurveyProgress(userId);
  // Every survey section asks on every view; one small entry per member, read again after any change.
  return cachedByTables(`survey-progress:${userId}`, ["survey_drafts", "surveys", "editions"], () =>
    readSurveyProgress(userId),
  );
}

async function readSurveyProgress(userId: number): Promise<SurveyProgress> {
  const db = await getDb();
  const [draftRow] = await db
    .select({ data: surveyDrafts.data })
    .from(surveyDrafts)
    .where(draftOf(userId))
    .limit(1);
  const submitted = await getSurvey(userId);
  const edition = await getCurrentEdition();
  const draft = draftRow ? readDraft(draftRow.data, edition) : null;
  if (draft || submitted) {
    return {
      answers: draft?.answers ?? mergeOverDefaults(submitted, edition.windows),
      section: draft?.section ?? FIRST_SECTION,
      submitted: submitted !== null,
      remembered: false,
    };
  }
  const last = await getLastEarlierSurvey(userId);
  return {
    answers: mergeOverDefaults(last ? rememberedAnswers(last) : null, edition.windows),
    section: FIRST_SECTION,
    submitted: false,
    remembered: last !== null,
  };
}

/** The member's survey in the latest earlier edition they answered, if any. */
async function getLastEarlierSurvey(userId: number): Promise<SurveyAnswers | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(surveys)
    .where(and(eq(surveys.userId, userId), ne(surveys.editionId, CURRENT_EDITION)))
    .orderBy(desc(surveys.editionId))
    .limit(1);
  if (!row) return null;
  return Object.fromEntries(SURVEY_FIELDS.map((field) => [field, row[field]])) as SurveyAnswers;
}

/** A draft is `{ section, answers }`; one that no longer validates is ignored, never half-read. */
function readDraft(data: Record<string, unknown>, edition: SurveyEdition) {
  const answers = parseSurvey(data.answers, edition);
  if (!answers.success) return null;
  return { answers: answers.data, section: parseSection(data.section) ?? FIRST_SECTION };
}

/**
 * Stores the member's answers so far and the section to resume at (one draft per member). Once a
 * member has submitted, every saved section also updates the submitted survey in the same
 * transaction, so /results and /api never lag behind what the member sees (edits after submitting
 * must not vanish). Returns whether the submitted survey was updated. The answers go into `edition`
 * (the one they were checked against) while it is current, else nothing is saved and
 * EditionClosedError says so.
 */
export async function saveSurveyDraft(
  userId: number,
  answers: SurveyAnswers,
  section: Section,
  edition?: CurrentEdition,
): Promise<{ updatedSubmitted: boolean }> {
  const db = await getDb();
  const data = { section, answers };
  // Read before the transaction: on PGlite's one connection a query outside it would wait for it.
  const into = edition ?? (await getCurrentEdition());
  const updatedSubmitted = await db.transaction(async (tx) => {
    await holdEdition(tx, into);
    await tx
      .insert(surveyDrafts)
      .values({ userId, editionId: into.id, data })
      .onConflictDoUpdate({
        target: [surveyDrafts.userId, surveyDrafts.editionId],
        set: { data, updatedAt: new Date() },
      });
    const [submitted] = await tx
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.userId, userId), eq(surveys.editionId, into.id)))
      .limit(1)
      .for("update");
    if (!submitted) return false;
    // The merged answers must still be a valid survey; a bad one aborts the whole save.
    const survey = parseSurvey(answers, into);
    if (!survey.success) throw new Error(`A saved section made the survey invalid: ${survey.error.message}`);
    await tx
      .update(surveys)
      .set({ ...survey.data, updatedAt: new Date() })
      .where(eq(surveys.id, submitted.id));
    return true;
  });
  if (updatedSubmitted && answers.name) await setUserName(userId, answers.name);
  return { updatedSubmitted };
}

/**
 * Saves the member's one survey (a second save replaces the first), names the member after it
 * and ends the draft, so the next visit starts from what was submitted. Like a draft, it goes into
 * `edition` while that is current, else EditionClosedError.
 */
export async function saveSurvey(
  userId: number,
  answers: SurveyAnswers,
  edition?: CurrentEdition,
): Promise<SurveyAnswers> {
  const db = await getDb();
  const into = edition ?? (await getCurrentEdition());
  await db.transaction(async (tx) => {
    await holdEdition(tx, into);
    await tx
      .insert(surveys)
      .values({ userId, editionId: into.id, ...answers })
      .onConflictDoUpdate({
        target: [surveys.userId, surveys.editionId],
        set: { ...answers, updatedAt: new Date() },
      });
    await tx
      .delete(surveyDrafts)
      .where(and(eq(surveyDrafts.userId, userId), eq(surveyDrafts.editionId, into.id)));
  });
  if (answers.name) await setUserName(userId, answers.name);
  return (await getSurvey(userId)) ?? answers;
}

// Every question of the survey definition is a column of `surveys` holding its answer's type: a new
// question without its column (and migration) does not compile.
type SurveyRow = typeof surveys.$inferSelect;
export type EveryAnswerIsAColumn = {
  [K in keyof SurveyAnswers]: SurveyAnswers[K] extends SurveyRow[K] ? true : never;
};
const everyAnswerIsAColumn: EveryAnswerIsAColumn = Object.fromEntries(
  SURVEY_FIELDS.map((field) => [field, true]),
) as { [K in keyof SurveyAnswers]: true };
void everyAnswerIsAColumn;
