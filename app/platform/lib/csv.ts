import { stringify } from "csv-stringify/sync";

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A formula that starts after a separator another locale may split on (`;`, or `,` and tab). */
const FORMULA_AFTER_SEPARATOR = /([;,\t])(?=[=+\-@])/g;

/**
 * A text cell that a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage
 * return, OWASP's list) gets a leading apostrophe, so an answer like `=HYPERLINK(...)` stays text.
 * A spreadsheet in a `;` locale splits "x;=1+1" into two cells, so a formula right after a
 * separator inside the text gets the apostrophe too.
 */
export function neutraliseCell(cell: CsvCell): CsvCell {
  if (typeof cell !== "string") return cell;
  const inner = cell.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

/**
 * RFC 4180 CSV (CRLF, quotes doubled) with every text cell quoted and neutralised; numbers and
 * yes/no stay bare so spreadsheets read them as such.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return stringify(
    [header, ...rows].map((row) => row.map(neutraliseCell)),
    {
      record_delimiter: "windows",
      quoted_string: true,
      cast: { boolean: (value) => (value ? "yes" : "no") },
    },
  );
}
