import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { neutraliseCell, toCsv } from "~/platform/lib/csv";

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

describe("toCsv in a spreadsheet that splits on semicolons", () => {
  it("leaves no cell starting with = + - @, even split without regard to quotes", () => {
    const texts = ["x;=1+1", "a;+2;-3", "b,@SUM(A1)", "=c;=d", "ok; -5 degrees", "tab\t=e"];
    const csv = toCsv(
      ["Title", "Count"],
      texts.map((text, i) => [text, i - 3]),
    );
    for (const quote of ['"', false] as const) {
      const cells = (
        parse(csv, { delimiter: ";", quote, relax_quotes: true, relax_column_count: true }) as string[][]
      )
        .flat()
        .flatMap((cell) => cell.split(/[,\t]/))
        .map((cell) => cell.replace(/^"+/, ""));
      // A bare negative number is a number, not a formula.
      const formulas = cells.filter((cell) => /^[=+\-@]/.test(cell) && !/^-\d+(\.\d+)?$/.test(cell));
      expect(formulas).toEqual([]);
    }
    // Read back with commas, the text is all there, each formula start behind an apostrophe.
    expect(
      parse(csv)
        .slice(1)
        .map((row: string[]) => row[0]),
    ).toEqual(["x;'=1+1", "a;'+2;'-3", "b,'@SUM(A1)", "'=c;'=d", "ok; -5 degrees", "tab\t'=e"]);
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
    expect(csv).toBe('"Name","Note"\r\n"Alex, Jr.","said ""hi"""\r\n"Sam","line one\nline two"\r\n');
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
