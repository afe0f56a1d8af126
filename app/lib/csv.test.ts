import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { neutraliseCell, toCsv } from "./csv";

describe("neutraliseCell", () => {
  it.each(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"])("prefixes %j with an apostrophe", (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });

  it("leaves ordinary text, numbers and empty cells alone", () => {
    expect(neutraliseCell("Alex")).toBe("Alex");
    expect(neutraliseCell("a=b")).toBe("a=b");
    expect(neutraliseCell("")).toBe("");
    expect(neutraliseCell(-3)).toBe(-3);
    expect(neutraliseCell(null)).toBeNull();
  });
});

describe("toCsv", () => {
  it("quotes commas, quotes and newlines and reads back to the same cells", () => {
    const csv = toCsv(
      ["Name", "Note"],
      [
        ["Alex, Jr.", 'said "hi"'],
        ["Sam", "line one\nline two"],
      ],
    );
    expect(csv).toBe('Name,Note\r\n"Alex, Jr.","said ""hi"""\r\nSam,"line one\nline two"\r\n');
    expect(parse(csv)).toEqual([
      ["Name", "Note"],
      ["Alex, Jr.", 'said "hi"'],
      ["Sam", "line one\nline two"],
    ]);
  });

  it("neutralises formulas inside quoted cells and writes numbers and booleans plainly", () => {
    const csv = toCsv(["A", "B", "C", "D"], [['=HYPERLINK("http://x","y")', -1, true, null]]);
    expect(parse(csv)[1]).toEqual(['\'=HYPERLINK("http://x","y")', "-1", "yes", ""]);
  });
});
