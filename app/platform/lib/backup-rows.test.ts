import { describe, expect, it } from "vitest";
import { BackupRefused } from "~/platform/lib/backup-file";
import { rowsToLoad, type LeftOut, type TableShape } from "~/platform/lib/backup-rows";

const shapes = new Map<string, TableShape>([
  [
    "photos",
    {
      columns: [
        { name: "id", type: "integer", nullable: false, serial: true },
        { name: "bytes", type: "bytea", nullable: true, serial: false },
        { name: "taken", type: "timestamp with time zone", nullable: false, serial: false },
        { name: "meta", type: "jsonb", nullable: false, serial: false },
      ],
      primaryKey: ["id"],
    },
  ],
  [
    "settings",
    {
      columns: [
        { name: "key", type: "text", nullable: false, serial: false },
        { name: "value", type: "text", nullable: false, serial: false },
      ],
      primaryKey: ["key"],
    },
  ],
  [
    "tokens",
    {
      columns: [
        { name: "hash", type: "text", nullable: false, serial: false },
        { name: "sealed", type: "text", nullable: true, serial: false },
      ],
      primaryKey: ["hash"],
    },
  ],
]);
const leftOut: LeftOut = {
  tables: ["sessions"],
  columns: { tokens: ["sealed"] },
  rows: { settings: { column: "key", values: ["session_secret"] } },
};
const photo = { id: 1, bytes: "\\x00ff", taken: "2026-11-29T06:00:00.123+00:00", meta: { a: [1] } };
const rows = (...values: object[]) => values.map((value) => JSON.stringify(value));

describe("rowsToLoad", () => {
  it("takes rows that fit their table, and leaves out of a format-1 file what a backup no longer holds", () => {
    const loaded = rowsToLoad(
      1,
      [
        { name: "photos", rows: rows(photo, { ...photo, id: 2, bytes: null, meta: [] }) },
        { name: "sessions", rows: rows({ id: 1 }) },
        { name: "settings", rows: rows({ key: "session_secret", value: "k" }, { key: "text", value: "t" }) },
        { name: "tokens", rows: rows({ hash: "h", sealed: "s" }) },
      ],
      shapes,
      leftOut,
    );
    expect(loaded.map((table) => [table.name, table.rows.length])).toEqual([
      ["photos", 2],
      ["settings", 1],
      ["tokens", 1],
    ]);
  });

  it("refuses in a format-2 file what a backup never holds", () => {
    const refuse = (table: string, values: object[]) =>
      expect(() => rowsToLoad(2, [{ name: table, rows: rows(...values) }], shapes, leftOut)).toThrow(
        BackupRefused,
      );
    refuse("sessions", [{ id: 1 }]);
    refuse("settings", [{ key: "session_secret", value: "k" }]);
    refuse("tokens", [{ hash: "h", sealed: "s" }]);
    expect(
      rowsToLoad(2, [{ name: "tokens", rows: rows({ hash: "h" }) }], shapes, leftOut)[0]!.rows,
    ).toHaveLength(1);
  });

  it("refuses a value its column's type cannot hold, naming the table, row and column", () => {
    const wrong: Array<[object, RegExp]> = [
      [{ ...photo, id: 0 }, /row 1 of photos .*id/],
      [{ ...photo, id: 2 ** 31 }, /id/],
      [{ ...photo, bytes: "00ff" }, /bytes: Expected bytes/],
      [{ ...photo, taken: "yesterday" }, /taken: Expected a time/],
      [{ ...photo, meta: null }, /meta: Required/],
      [["not", "a", "row"], /not a row/],
    ];
    for (const [row, reason] of wrong) {
      expect(() => rowsToLoad(2, [{ name: "photos", rows: rows(row) }], shapes, leftOut)).toThrow(reason);
    }
    expect(() => rowsToLoad(2, [{ name: "photos", rows: ["{"] }], shapes, leftOut)).toThrow(/unreadable/);
    expect(() => rowsToLoad(2, [{ name: "photos", rows: rows(photo, photo) }], shapes, leftOut)).toThrow(
      /photos twice \(id 1\)/,
    );
  });
});
