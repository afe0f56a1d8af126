/**
 * The backup file's shape (docs/decisions/028-backups.md): JSON lines. The first line says what it
 * is and which schema it was taken at; then each table as a line naming it and its row count,
 * followed by one line per row (the row as PostgreSQL's row_to_json writes it); the last line marks
 * the end, so a cut-off file is refused instead of restored in part.
 */
export const BACKUP_FORMAT = "sgw25-backup";
/**
 * 2 (2026-11-29): a backup holds no key, live secret or session (decision 028). A file of format 1
 * holds them; a restore leaves them out.
 */
export const BACKUP_FORMAT_VERSION = 2;

/** The last migration applied when the backup was taken: drizzle's tag and its `when` (the version order). */
export type SchemaVersion = { migration: string; when: number; count: number };

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  schema: SchemaVersion;
  takenAt: string;
  from: "postgres" | "pglite";
};

export type BackupTable = { name: string; rows: string[] };

export type ParsedBackup = { header: BackupHeader; tables: BackupTable[] };

export class BackupRefused extends Error {}

export function headerLine(header: BackupHeader) {
  return JSON.stringify(header);
}

/** Reads a backup's text; a file that is not one, or was cut off, is refused with a reason. */
export function parseBackup(text: string): ParsedBackup {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  let header: BackupHeader;
  try {
    header = JSON.parse(lines[0] ?? "") as BackupHeader;
  } catch {
    throw new BackupRefused("This file is not a planner backup (its first line is not the backup's header).");
  }
  if (header?.format !== BACKUP_FORMAT) {
    throw new BackupRefused("This file is not a planner backup (its first line is not the backup's header).");
  }
  if (header.version > BACKUP_FORMAT_VERSION) {
    throw new BackupRefused("This backup was written by a newer planner: update the planner first.");
  }
  const tables: BackupTable[] = [];
  let at = 1;
  for (;;) {
    const line = lines[at++];
    if (line === undefined)
      throw new BackupRefused("This backup is incomplete (it was cut off): nothing was restored.");
    const mark = readMark(line);
    if (mark.end) {
      if (mark.tables !== tables.length || at !== lines.length) {
        throw new BackupRefused("This backup is damaged (its tables do not add up): nothing was restored.");
      }
      return { header, tables };
    }
    if (typeof mark.table !== "string" || typeof mark.rows !== "number") {
      throw new BackupRefused("This backup is damaged (a table line is missing): nothing was restored.");
    }
    const rows = lines.slice(at, at + mark.rows);
    if (rows.length !== mark.rows)
      throw new BackupRefused("This backup is incomplete (it was cut off): nothing was restored.");
    tables.push({ name: mark.table, rows });
    at += mark.rows;
  }
}

function readMark(line: string): { table?: string; rows?: number; end?: boolean; tables?: number } {
  try {
    return (JSON.parse(line) as object | null) ?? {};
  } catch {
    throw new BackupRefused("This backup is damaged (a table line is unreadable): nothing was restored.");
  }
}

/** The file name a backup gets in BACKUP_DIR: sorts by time, so the newest are the last. */
export function backupFileName(kind: string, at: Date) {
  return `sgw25-backup-${at.toISOString().replace(/[:.]/g, "-")}-${kind}.jsonl`;
}

export const BACKUP_FILE_PATTERN = /^sgw25-backup-.*\.jsonl$/;

/**
 * Tables in an order that restores: each after the tables it references (a table referencing
 * itself is loaded in one statement, which the key checks at its end).
 */
export function loadOrder(tables: Array<{ name: string; references: string[] }>): string[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (done.has(name)) return;
    if (path.includes(name)) throw new Error(`Foreign keys form a circle: ${[...path, name].join(" → ")}`);
    for (const parent of byName.get(name)?.references ?? []) {
      if (parent !== name) visit(parent, [...path, name]);
    }
    done.add(name);
    order.push(name);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table.name, []);
  return order;
}
