import { z } from "zod";

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

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1).max(BACKUP_FORMAT_VERSION),
  schema: z.object({
    migration: z.string().min(1),
    when: z.number().int().positive(),
    count: z.number().int().positive(),
  }),
  takenAt: z.string(),
  from: z.enum(["postgres", "pglite"]),
});

export type BackupHeader = z.infer<typeof headerSchema>;

export type BackupTable = { name: string; rows: string[] };

export type ParsedBackup = { header: BackupHeader; tables: BackupTable[] };

/**
 * A backup that cannot be restored: its message says in one sentence what is wrong (`npm run
 * restore` adds that nothing was restored).
 */
export class BackupRefused extends Error {}

export function headerLine(header: BackupHeader) {
  return JSON.stringify(header);
}

const NOT_A_BACKUP = "This file is not a planner backup (its first line is not the backup's header).";

/** Reads a backup's text; a file that is not one, was cut off or damaged is refused with a reason. */
export function parseBackup(text: string): ParsedBackup {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const header = readHeader(lines[0] ?? "");
  const tables: BackupTable[] = [];
  let at = 1;
  for (;;) {
    const line = lines[at++];
    if (line === undefined) throw new BackupRefused("This backup is incomplete (it was cut off).");
    const mark = readMark(line);
    if (mark.end) {
      if (mark.tables !== tables.length || at !== lines.length) {
        throw new BackupRefused("This backup is damaged (its tables do not add up).");
      }
      return { header, tables };
    }
    if (typeof mark.table !== "string" || !Number.isInteger(mark.rows) || mark.rows! < 0) {
      throw new BackupRefused("This backup is damaged (a table line is missing).");
    }
    // One section a table: a second one would slip rows past the first's count.
    if (tables.some((table) => table.name === mark.table)) {
      throw new BackupRefused(`This backup is damaged (it holds the table ${mark.table} twice).`);
    }
    const rows = lines.slice(at, at + mark.rows!);
    if (rows.length !== mark.rows) throw new BackupRefused("This backup is incomplete (it was cut off).");
    tables.push({ name: mark.table, rows });
    at += mark.rows!;
  }
}

function readHeader(line: string): BackupHeader {
  let header: { format?: unknown; version?: unknown } | null;
  try {
    header = JSON.parse(line) as typeof header;
  } catch {
    throw new BackupRefused(NOT_A_BACKUP);
  }
  if (header?.format !== BACKUP_FORMAT) throw new BackupRefused(NOT_A_BACKUP);
  if (typeof header.version === "number" && header.version > BACKUP_FORMAT_VERSION) {
    throw new BackupRefused("This backup was written by a newer planner: update the planner first.");
  }
  const parsed = headerSchema.safeParse(header);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new BackupRefused(
      `This backup's header is damaged (${issue?.path.join(".") || "header"}: ${issue?.message}).`,
    );
  }
  return parsed.data;
}

function readMark(line: string): { table?: string; rows?: number; end?: boolean; tables?: number } {
  try {
    const mark = JSON.parse(line) as unknown;
    return mark && typeof mark === "object" ? mark : {};
  } catch {
    throw new BackupRefused("This backup is damaged (a table line is unreadable).");
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

/** What a restore shows before it is confirmed, in the product's words: the tables people recognise. */
const SUMMARY: ReadonlyArray<[table: string, one: string, many: string]> = [
  ["users", "member", "members"],
  ["editions", "edition", "editions"],
  ["surveys", "survey answer", "survey answers"],
  ["houses", "house", "houses"],
  ["votes", "vote", "votes"],
  ["money_expenses", "expense", "expenses"],
  ["money_payments", "payment", "payments"],
  ["trip_rooms", "room", "rooms"],
];

/** "24 members, 3 editions, 41 expenses": each table the backup holds that people know, by its count. */
export function backupSummary(tables: readonly BackupTable[]) {
  const counts = new Map(tables.map((table) => [table.name, table.rows.length]));
  return SUMMARY.filter(([table]) => counts.has(table))
    .map(([table, one, many]) => {
      const n = counts.get(table)!;
      return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
    })
    .join(", ");
}
