/**
 * "Restore from a backup" on the first screen (issue 54): while no organiser exists, whoever holds
 * the set-up link may load a backup into the empty planner instead of creating the first organiser.
 * Two posts, no JavaScript needed: the upload is checked whole (restored into a scratch database,
 * nothing of the planner's written) and its counts shown; the confirmation then loads it. Between
 * the two the file waits in a private temporary file (owner-only, like every backup) whose name
 * carries a random id and the set-up link's hash: a browser asks for it by the id, and only with
 * the link it was uploaded with. Re-uploading on confirm would need no file kept, but a file input
 * cannot be filled in again by the server, so the organiser would have to choose the file twice.
 */
import { ALREADY_SET_UP } from "~/platform/lib/error-copy";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getConnection, getDb } from "~/platform/db/client.server";
import { ALL_TABLES } from "~/platform/db/table-changes";
import { writePrivateFile } from "~/platform/db/private-files";
import { BackupRefused, backupSummary, parseBackup } from "~/platform/lib/backup-file";
import { RESTORE_UPLOAD_MAX_BYTES } from "~/platform/lib/limits";
import { holdsData } from "~/platform/models/backup.server";
import { checkBackup, restoreBackup } from "~/platform/models/restore.server";
import { setFlash } from "~/platform/services/flash.server";
import { UNREADABLE, parseForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";
import {
  SETUP_LINK_INVALID,
  setupLinkLive,
  setupNeeded,
} from "~/features/accounts/services/kinds/setup.server";

const KEPT_FOR_MS = 60 * 60 * 1000;
const FILE_PREFIX = "sgw25-restore-";

const NOT_EMPTY =
  "This planner already holds members or houses: a backup is restored only into an empty planner. Nothing was restored.";
const CHOOSE_FILE = "Choose the backup file (a .jsonl file the planner wrote).";
// Years of receipts and photos may outgrow the upload: the server's own command takes any size.
const TOO_LARGE = `The file is larger than ${RESTORE_UPLOAD_MAX_BYTES / 1024 / 1024} MB, so it was not read. Nothing was restored. On the server, "npm run restore FILE" restores a backup of any size.`;
const GONE =
  "The checked file is no longer here (it is kept for an hour): choose it again. Nothing was restored.";
const FAILED = "The restore failed and nothing was restored. The server's log says why.";

const fields = z.object({
  token: z.string().default(""),
  intent: z.string().default(""),
  upload: z.string().default(""),
});

/** The temporary file of upload `id` made with set-up link `token`. */
function heldFile(token: string, id: string) {
  const link = createHash("sha256").update(token).digest("hex").slice(0, 16);
  return path.join(tmpdir(), `${FILE_PREFIX}${link}-${id}.jsonl`);
}

/** Uploads checked but never confirmed go after an hour: each holds every member's data. */
function forgetStaleUploads(now = Date.now()) {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(FILE_PREFIX))) {
    const file = path.join(tmpdir(), name);
    try {
      if (now - statSync(file).mtimeMs > KEPT_FOR_MS) rmSync(file, { force: true });
    } catch {
      // Gone meanwhile: nothing to forget.
    }
  }
}

/** What /setup/restore shows: 404 once an organiser exists, else whether the link is live. */
export async function restorePage(token: string | null) {
  if (!(await setupNeeded())) throw new Response(ALREADY_SET_UP, { status: 404 });
  return { token: token && (await setupLinkLive(token)) ? token : null };
}

type Checked = { checked: { upload: string; summary: string; schema: string; takenAt: string } };

/** The upload (`check`) or the confirmation (`restore`); every refusal leaves the planner as it was. */
export async function restoreAction(request: Request) {
  if (!(await setupNeeded())) throw new Response(ALREADY_SET_UP, { status: 404 });
  const form = await request.formData().catch(() => null);
  if (!form) return refuse({ error: UNREADABLE });
  const read = parseForm(form, fields, { keep: [] });
  if (!read.ok) return refuse(read.failure);
  const { token, intent, upload } = read.data;
  if (!(await setupLinkLive(token))) return refuse({ error: SETUP_LINK_INVALID });
  if (await holdsData(await getDb())) return refuse({ error: NOT_EMPTY });
  try {
    if (intent === "check") return await check(token, form.get("backup"));
    if (intent === "restore") return await restore(token, upload);
    return refuse({ error: UNREADABLE });
  } catch (error) {
    if (error instanceof BackupRefused) return refuse({ error: `${error.message} Nothing was restored.` });
    // Never a 500 for a file: the reason goes to the log, the page says nothing was restored.
    console.error("The restore from /setup failed:", error);
    return refuse({ error: FAILED }, { status: 422 });
  }
}

async function check(
  token: string,
  file: FormDataEntryValue | null,
): Promise<Checked | ReturnType<typeof refuse>> {
  if (!file || typeof file === "string" || file.size === 0)
    return refuse({ error: CHOOSE_FILE, fieldErrors: { backup: CHOOSE_FILE } });
  if (file.size > RESTORE_UPLOAD_MAX_BYTES)
    return refuse({ error: TOO_LARGE, fieldErrors: { backup: TOO_LARGE } });
  const text = await file.text();
  const parsed = await checkBackup(text);
  forgetStaleUploads();
  const upload = randomBytes(16).toString("hex");
  writePrivateFile(heldFile(token, upload), text);
  return {
    checked: {
      upload,
      summary: backupSummary(parsed.tables) || "no members or houses",
      schema: parsed.header.schema.migration,
      takenAt: parsed.header.takenAt,
    },
  };
}

async function restore(token: string, upload: string) {
  if (!/^[0-9a-f]{32}$/.test(upload)) return refuse({ error: GONE });
  const file = heldFile(token, upload);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return refuse({ error: GONE });
  }
  const connection = await getConnection();
  const restored = await restoreBackup(connection, text);
  rmSync(file, { force: true });
  // Every cached page and reading was of the empty planner.
  connection.changes.changed([ALL_TABLES]);
  const message =
    `The backup is restored: ${backupSummary(parseBackup(text).tables)} (${restored.rows} rows). ` +
    "Sign in with your own account and the password you had; everyone signs in again.";
  return redirect("/auth", { headers: { "Set-Cookie": await setFlash({ message }) } });
}
