import { describe, expect, it } from "vitest";
import {
  BACKUP_FORMAT,
  BackupRefused,
  backupFileName,
  backupSummary,
  loadOrder,
  parseBackup,
} from "~/platform/lib/backup-file";

const header = JSON.stringify({
  format: BACKUP_FORMAT,
  version: 1,
  schema: { migration: "0019_backups", when: 1, count: 20 },
  takenAt: "2026-11-28T00:00:00.000Z",
  from: "pglite",
});

describe("loadOrder", () => {
  it("puts each table after those it references, a table referencing itself included", () => {
    const order = loadOrder([
      { name: "votes", references: ["users", "houses"] },
      { name: "houses", references: ["users"] },
      { name: "users", references: ["users"] },
      { name: "settings", references: [] },
    ]);
    expect(order.indexOf("users")).toBeLessThan(order.indexOf("houses"));
    expect(order.indexOf("houses")).toBeLessThan(order.indexOf("votes"));
    expect(order).toHaveLength(4);
  });

  it("refuses a circle, which no single order restores", () => {
    expect(() =>
      loadOrder([
        { name: "a", references: ["b"] },
        { name: "b", references: ["a"] },
      ]),
    ).toThrow(/circle/);
  });
});

describe("parseBackup", () => {
  it("reads the tables and their rows", () => {
    const text = [
      header,
      '{"table":"users","rows":2}',
      '{"id":1}',
      '{"id":2}',
      '{"table":"votes","rows":0}',
      '{"end":true,"tables":2}',
      "",
    ].join("\n");
    expect(parseBackup(text).tables).toEqual([
      { name: "users", rows: ['{"id":1}', '{"id":2}'] },
      { name: "votes", rows: [] },
    ]);
  });

  it("refuses a file cut off anywhere, or with rows beyond its count", () => {
    const lines = [header, '{"table":"users","rows":2}', '{"id":1}', '{"id":2}', '{"end":true,"tables":1}'];
    for (let end = 1; end < lines.length; end++) {
      expect(() => parseBackup(lines.slice(0, end).join("\n"))).toThrow(BackupRefused);
    }
    expect(() => parseBackup([...lines, '{"id":3}'].join("\n"))).toThrow(/damaged/);
    expect(() => parseBackup("")).toThrow(/not a planner backup/);
  });
});

describe("backupFileName", () => {
  it("sorts by time and says which kind it is", () => {
    const early = backupFileName("nightly", new Date("2026-01-02T03:04:05.006Z"));
    expect(early).toBe("sgw25-backup-2026-01-02T03-04-05-006Z-nightly.jsonl");
    expect(early < backupFileName("manual", new Date("2026-01-02T03:04:06Z"))).toBe(true);
  });
});

describe("backupSummary", () => {
  it("names the tables people know by their counts, one or many, in a fixed order", () => {
    const table = (name: string, rows: number) => ({ name, rows: Array.from({ length: rows }, () => "{}") });
    expect(
      backupSummary([
        table("money_expenses", 41),
        table("sessions", 3),
        table("users", 24),
        table("editions", 1),
      ]),
    ).toBe("24 members, 1 edition, 41 expenses");
    expect(backupSummary([table("users", 1200)])).toBe("1,200 members");
    expect(backupSummary([])).toBe("");
  });
});
