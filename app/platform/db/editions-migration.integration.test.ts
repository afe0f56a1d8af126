import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";

const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as {
  entries: Array<{ tag: string }>;
};

async function apply(db: PGlite, tag: string) {
  const statements = readFileSync(`drizzle/${tag}.sql`, "utf8").split("--> statement-breakpoint");
  for (const statement of statements) if (statement.trim()) await db.exec(statement);
}

// The upgrade path of a database that was in use before editions: its data becomes the 2025 edition.
describe.skipIf(process.env.TEST_DB === "postgres")("the editions migration", () => {
  it("makes existing surveys, drafts, votes and event settings the current 2025 edition", async () => {
    const db = new PGlite();
    const tags = journal.entries.map((entry) => entry.tag);
    const editions = tags.findIndex((tag) => tag.endsWith("_editions"));
    for (const tag of tags.slice(0, editions)) await apply(db, tag);
    await db.exec(`
      insert into users (id, email, password_hash, name) values (1, 'a@example.com', 'x', 'A');
      insert into surveys (user_id, name, attending) values (1, 'A', 'yes');
      insert into survey_drafts (user_id, data) values (1, '{}');
      insert into houses (id, url, title, city, country, num_bedrooms, num_beds, num_baths)
        values (1, 'https://example.com', 'H', 'C', 'USA', 4, 6, 2);
      insert into votes (house_id, user_id, vote) values (1, 1, 'love');
      insert into settings (key, value) values ('survey_deadline', '2025-08-01T00:00:00.000Z'),
        ('chosen_house_id', '1'), ('event_settings', '{"shortName":"SGW25"}'), ('session_secret', 's');
    `);
    for (const tag of tags.slice(editions)) await apply(db, tag);

    const rows = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
    const [edition] = await rows(
      "select id, year, status, jsonb_array_length(windows) as windows from editions",
    );
    expect(edition).toEqual({ id: 1, year: 2025, status: "current", windows: 39 });
    for (const table of ["surveys", "survey_drafts", "votes"]) {
      expect(await rows(`select edition_id from ${table}`)).toEqual([{ edition_id: 1 }]);
    }
    expect(await rows("select edition_id, key from edition_settings order by key")).toEqual([
      { edition_id: 1, key: "chosen_house_id" },
      { edition_id: 1, key: "event_settings" },
      { edition_id: 1, key: "survey_deadline" },
    ]);
    expect(await rows("select key from settings")).toEqual([{ key: "session_secret" }]);

    // A later edition takes the member's next survey beside the first; one per member and edition.
    await db.exec(`
      update editions set status = 'archived' where id = 1;
      insert into editions (year, windows) values (2026, '[]');
      insert into surveys (user_id, name) values (1, 'A');
    `);
    expect(await rows("select edition_id from surveys order by edition_id")).toEqual([
      { edition_id: 1 },
      { edition_id: 2 },
    ]);
    await expect(db.exec("insert into surveys (user_id) values (1)")).rejects.toThrow(
      /surveys_user_edition_unique/,
    );
    await expect(db.exec("update editions set status = 'current' where id = 1")).rejects.toThrow(
      /editions_one_current_idx/,
    );
    await db.close();
  }, 120_000);
});
