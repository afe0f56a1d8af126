/**
 * `LOAD_ROLLOVER=1 npm run load`: the organiser starts the next edition halfway through the load,
 * through /organiser/next-edition as in a browser, and the checks follow every acknowledged write
 * into the edition the member sees it in (issue 31, item 5).
 */
import type { Sql } from "postgres";
import { DEMO_PASSWORD } from "~/seed.server";

export const ORGANISER = "organiser@example.com";

/** A refusal the members may get while the edition closes under them: not an error. */
export const CLOSED = /edition has just closed/;

/**
 * A witness for the load's database: at each commit, a survey, draft or vote row written into an
 * edition that is no longer current is noted in late_writes.
 */
export async function installLateWriteWitness(db: Sql) {
  await db`create table late_writes (tbl text, edition_id int, user_id int)`;
  await db.unsafe(`create function note_late_write() returns trigger language plpgsql as $$ begin
      if (select status from editions where id = new.edition_id) <> 'current' then
        insert into late_writes values (tg_table_name, new.edition_id, new.user_id);
      end if;
      return null;
    end $$`);
  for (const table of ["surveys", "survey_drafts", "votes"]) {
    await db.unsafe(`create constraint trigger late_${table} after insert or update on ${table}
      deferrable initially deferred for each row execute function note_late_write()`);
  }
}

/**
 * Makes the seeded organiser one (a confirmed address; the app runs with ADMIN_EMAILS naming it),
 * logs in and confirms the next edition; resolves to the answer's status and time.
 */
export async function rollOverAsOrganiser(url: string, db: Sql) {
  await db`update users set email_confirmed_at = now() where email = ${ORGANISER}`;
  const form = (fields: Record<string, string>, cookie = "") => ({
    method: "POST",
    redirect: "manual" as const,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url, Cookie: cookie },
    body: new URLSearchParams(fields),
  });
  const login = await fetch(
    `${url}/auth`,
    form({ intent: "login", redirect: "/", email: ORGANISER, password: DEMO_PASSWORD }),
  );
  const cookie = login.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const [current] = await db<
    { id: number; year: number }[]
  >`select id, year from editions where status = 'current'`;
  const started = performance.now();
  const response = await fetch(
    `${url}/organiser/next-edition`,
    form(
      {
        fromId: String(current.id),
        name: `SGW${(current.year + 1) % 100}`,
        plannedWeekend: "Aug 20 - Aug 24",
      },
      cookie,
    ),
  );
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** What each member's acknowledged writes became, in order; a key is `member` or `member:house`. */
export type Acknowledged = { surveys: Map<string, string[]>; votes: Map<string, string[]> };

/**
 * Follows every acknowledged write: a member sees the newest edition holding their row (the current
 * one, else the one they wrote before it closed), and that row must be their last acknowledged write;
 * a row in an archived edition must be one they were told was saved, and an archived survey must be
 * in its edition's frozen record (what /past-events/<year> shows). Doubled: two rows for one key in
 * one edition, or a row nobody was told was saved.
 */
export async function followWrites(db: Sql, acked: Acknowledged) {
  const editions = await db<{ id: number; year: number; status: string; frozen: unknown }[]>`
    select id, year, status, frozen from editions order by year`;
  const newestFirst = [...editions].reverse();
  const surveys = await db<{ key: string; edition_id: number; value: string }[]>`
    select substring(u.email from 'load-(\\d+)@') as key, s.edition_id, s.name as value
    from surveys s join users u on u.id = s.user_id where u.email like 'load-%'`;
  const votes = await db<{ key: string; edition_id: number; value: string }[]>`
    select substring(u.email from 'load-(\\d+)@') || ':' || v.house_id as key, v.edition_id, v.vote as value
    from votes v join users u on u.id = v.user_id where u.email like 'load-%'`;

  function follow(rows: typeof surveys, writes: Map<string, string[]>) {
    let lost = 0;
    let doubled = 0;
    for (const [key, values] of writes) {
      const mine = rows.filter((row) => row.key === key);
      const seen = newestFirst
        .map((edition) => mine.find((row) => row.edition_id === edition.id))
        .find(Boolean);
      if (seen?.value !== values.at(-1)) lost += 1;
      if (mine.some((row) => !values.includes(row.value))) doubled += 1;
    }
    const perEdition = new Set(rows.map((row) => `${row.key}/${row.edition_id}`));
    doubled += rows.length - perEdition.size;
    doubled += rows.filter((row) => !writes.has(row.key)).length;
    return { lost, doubled };
  }

  const archivedSurveys = surveys.filter((row) =>
    editions.some((edition) => edition.id === row.edition_id && edition.status === "archived"),
  );
  const missingFromArchive = archivedSurveys.filter((row) => {
    const frozen = editions.find((edition) => edition.id === row.edition_id)!.frozen as {
      attendance?: unknown;
    } | null;
    return !JSON.stringify(frozen?.attendance ?? {}).includes(JSON.stringify(row.value));
  }).length;
  const [{ late }] = await db<{ late: number }[]>`select count(*)::int as late from late_writes`;
  return {
    editions: editions.map((edition) => `${edition.year} ${edition.status}`),
    surveys: follow(surveys, acked.surveys),
    votes: follow(votes, acked.votes),
    archivedSurveys: archivedSurveys.length,
    missingFromArchive,
    lateWrites: late,
  };
}
