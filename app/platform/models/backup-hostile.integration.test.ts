/**
 * Restore files that were tampered with or damaged (issue 53): each is refused with one line, and the
 * database restored into is left as it was. A row is taken only for a table a backup holds, with
 * exactly that table's columns, each of its type, and never twice.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { organisers, users } from "~/platform/db/schema";
import { BackupRefused, parseBackup } from "~/platform/lib/backup-file";
import { takeBackup } from "~/platform/models/backup.server";
import { restoreBackup } from "~/platform/models/restore.server";
import { seedDemoData } from "~/seed.server";
import { useFreshDatabase, withEmptyDatabase } from "../../../tests/support/database";

const database = useFreshDatabase();
let good = "";

beforeAll(async () => {
  const { db } = database;
  await seedDemoData(db, { confirmOrganisers: true, season: true });
  const [boss] = await db.select().from(users).where(eq(users.email, "organiser@example.com"));
  // One organiser added in the app, as a co-organiser would be.
  await db.insert(organisers).values({ email: "riley@example.com", addedBy: boss!.id });
  good = await takeBackup(db, "pglite");
});

type Row = Record<string, unknown>;

function withHeader(text: string, change: (header: Row) => void) {
  const [first, ...rest] = text.split("\n");
  const header = JSON.parse(first!) as Row;
  change(header);
  return [JSON.stringify(header), ...rest].join("\n");
}

/** The file with `table`'s rows replaced by `change(rows)`, its count kept right. */
function withRows(text: string, table: string, change: (rows: Row[]) => Row[]) {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => line.startsWith(`{"table":"${table}",`));
  const count = (JSON.parse(lines[at]!) as { rows: number }).rows;
  const rows = change(lines.slice(at + 1, at + 1 + count).map((line) => JSON.parse(line) as Row));
  lines.splice(
    at,
    count + 1,
    JSON.stringify({ table, rows: rows.length }),
    ...rows.map((row) => JSON.stringify(row)),
  );
  return lines.join("\n");
}

/** The file with one more table section before its end line, the end line's count kept right. */
function withSection(text: string, table: string, rows: Row[]) {
  const lines = text.split("\n").filter(Boolean);
  const end = JSON.parse(lines.pop()!) as { tables: number };
  return [
    ...lines,
    JSON.stringify({ table, rows: rows.length }),
    ...rows.map((row) => JSON.stringify(row)),
    JSON.stringify({ end: true, tables: end.tables + 1 }),
    "",
  ].join("\n");
}

const rowsOf = (table: string) =>
  parseBackup(good)
    .tables.find((entry) => entry.name === table)!
    .rows.map((row) => JSON.parse(row) as Row);

/** Each table's rows, sorted: what the database holds, without the header's time. */
const contents = (text: string) =>
  Object.fromEntries(parseBackup(text).tables.map((table) => [table.name, [...table.rows].sort()]));

describe("a hostile or damaged restore file", () => {
  it("is refused with one line, and the database is left as it was", async () => {
    const [firstUser] = rowsOf("users");
    const [addedOrganiser] = rowsOf("organisers");
    const [expense] = rowsOf("money_expenses");
    const organisersLine = good.split("\n").findIndex((line) => line.startsWith('{"table":"organisers",'));
    const hostile: Array<[string, string, RegExp]> = [
      ["a header without schema", withHeader(good, (header) => delete header.schema), /header/],
      ["a header of version -1", withHeader(good, (header) => (header.version = -1)), /header/],
      ["a header whose schema is a word", withHeader(good, (header) => (header.schema = "latest")), /header/],
      [
        "a text where a number belongs",
        withRows(good, "users", (rows) => [{ ...rows[0], id: "1; drop table users" }, ...rows.slice(1)]),
        /users.*id/,
      ],
      [
        "a number where a text belongs",
        withRows(good, "users", (rows) => [{ ...rows[0], email: 5 }, ...rows.slice(1)]),
        /users.*email/,
      ],
      [
        "no value where one is required",
        withRows(good, "users", (rows) => [{ ...rows[0], password_hash: null }, ...rows.slice(1)]),
        /users.*password_hash/,
      ],
      [
        "a column the table does not have",
        withRows(good, "users", (rows) => rows.map((row) => ({ ...row, is_admin: true }))),
        /users.*is_admin/,
      ],
      [
        "a row without one of its columns",
        withRows(good, "users", (rows) => rows.map(({ email: _email, ...row }) => row)),
        /users.*email/,
      ],
      ["the same row twice", withRows(good, "users", (rows) => [...rows, firstUser!]), /users.*twice/],
      ["a table that does not exist", withSection(good, "pg_authid", [{ rolname: "x" }]), /pg_authid/],
      [
        "a table a backup never holds",
        withSection(good, "sessions", [{ id: 1, token_hash: "x", user_id: 1 }]),
        /sessions/,
      ],
      [
        "the cookie secret among the settings",
        withRows(good, "settings", (rows) => [
          ...rows,
          { key: "session_secret", value: "x".repeat(64), updated_at: "2026-11-29T00:00:00+00:00" },
        ]),
        /session_secret/,
      ],
      [
        "an expense whose version is -1",
        withRows(good, "money_expenses", (rows) => [{ ...rows[0], version: -1 }, ...rows.slice(1)]),
        /money_expenses.*version/,
      ],
      // An organiser row that is not one of the backup's own organisers: a second organisers
      // section, a row slipped past its section's count, a row in another table's section, a row
      // naming an adder the file does not hold.
      [
        "a second organisers section",
        withSection(good, "organisers", [{ ...addedOrganiser, id: 90, email: "sam@example.com" }]),
        /organisers.*twice/,
      ],
      [
        "an organisers row past its section's count",
        [
          ...good.split("\n").slice(0, organisersLine + 2),
          JSON.stringify({ ...addedOrganiser, id: 91, email: "sam@example.com" }),
          ...good.split("\n").slice(organisersLine + 2),
        ].join("\n"),
        /damaged/,
      ],
      [
        "an organisers row in the invitations",
        withRows(good, "invitations", (rows) => [...rows, { ...addedOrganiser, id: 92 }]),
        /invitations/,
      ],
      [
        "an organisers row added by nobody the file holds",
        withRows(good, "organisers", (rows) => [
          ...rows,
          { ...addedOrganiser, id: 93, email: "sam@example.com", added_by: 9999 },
        ]),
        /organisers/,
      ],
    ];
    expect(addedOrganiser).toBeTruthy();
    expect(expense).toBeTruthy();
    await withEmptyDatabase(true, async (target) => {
      const before = contents(await takeBackup(target.db, target.kind));
      for (const [what, text, reason] of hostile) {
        const refusal = await restoreBackup(target, text).then(
          () => undefined,
          (error: unknown) => error,
        );
        // Soft: every file is tried, and each refusal that is missing is reported.
        expect.soft(refusal, what).toBeInstanceOf(BackupRefused);
        const message = (refusal as Error | undefined)?.message ?? "";
        expect.soft(message, what).toMatch(reason);
        expect.soft(message, what).not.toContain("\n");
        expect.soft(contents(await takeBackup(target.db, target.kind)), what).toEqual(before);
      }
      // The untouched file restores: the refusals above are the edits', not the helpers'.
      await restoreBackup(target, good);
      expect(contents(await takeBackup(target.db, target.kind))).toEqual(contents(good));
    });
  }, 120_000);
});
