import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { currencyDigits } from "~/platform/lib/amount";

const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as {
  entries: Array<{ tag: string }>;
};
const tags = journal.entries.map((entry) => entry.tag);
const priceMinor = tags.findIndex((tag) => tag.endsWith("_house_price_minor"));
const sql = (tag: string) => readFileSync(`drizzle/${tag}.sql`, "utf8");

async function apply(db: PGlite, tag: string) {
  for (const statement of sql(tag).split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe("the house price migration", () => {
  it("names each currency with the exponent the app reads from Intl", () => {
    const listed = (scale: number) =>
      new RegExp(`IN \\(([^)]*)\\) THEN ${scale}\\b`).exec(sql(tags[priceMinor]))![1].match(/[A-Z]{3}/g)!;
    const [none, three] = [listed(1), listed(1000)];
    for (const code of Intl.supportedValuesOf("currency")) {
      const digits = currencyDigits(code);
      expect([digits, code]).toEqual([none.includes(code) ? 0 : three.includes(code) ? 3 : 2, code]);
    }
  });

  // PGlite only: it runs the migrations one by one from an empty database.
  it.skipIf(process.env.TEST_DB === "postgres")(
    "turns stored prices into minor units of their currency, unknown staying unknown",
    async () => {
      const db = new PGlite();
      for (const tag of tags.slice(0, priceMinor)) await apply(db, tag);
      const houses: Array<[number, number | null, string]> = [
        [1, 849.99, "USD"],
        [2, 850.5, "JPY"],
        [3, 1200, "CAD"],
        [4, null, "USD"],
        [5, 12.345, "BHD"],
        [6, 0, "MXN"],
        [7, 10_000_000, "USD"],
      ];
      for (const [id, price, currency] of houses) {
        await db.query(
          `insert into houses (id, url, title, city, country, num_bedrooms, num_beds, num_baths, price, currency)
           values ($1, 'https://example.com', 'H', 'C', 'USA', 4, 6, 2, $2, $3)`,
          [id, price, currency],
        );
      }
      await apply(db, tags[priceMinor]);
      const rows = await db.query("select id, price_minor from houses order by id");
      expect(rows.rows).toEqual([
        { id: 1, price_minor: 84_999 },
        { id: 2, price_minor: 851 },
        { id: 3, price_minor: 120_000 },
        { id: 4, price_minor: null },
        { id: 5, price_minor: 12_345 },
        { id: 6, price_minor: 0 },
        { id: 7, price_minor: 1_000_000_000 },
      ]);
      const columns = await db.query(
        "select column_name from information_schema.columns where table_name = 'houses'",
      );
      expect(columns.rows).not.toContainEqual({ column_name: "price" });
      await db.close();
    },
    120_000,
  );
});
