import { stringify } from "csv-stringify/sync";

export type CsvCell = string | number | boolean | null | undefined;

/**
 * A text cell that a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage
 * return, OWASP's list) gets a leading apostrophe, so an answer like `=HYPERLINK(...)` stays text.
 */
export function neutraliseCell(cell: CsvCell): CsvCell {
  if (typeof cell !== "string") return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180 CSV (CRLF, quotes doubled, quoted only when needed) with every text cell neutralised. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return stringify(
    [header, ...rows].map((row) => row.map(neutraliseCell)),
    {
      record_delimiter: "windows",
      // csv-stringify quotes only the record delimiter itself (CRLF); a lone \n in an answer must be
      // quoted too or spreadsheets split the row.
      quoted_match: /[\r\n]/,
      cast: { boolean: (value) => (value ? "yes" : "no") },
    },
  );
}
