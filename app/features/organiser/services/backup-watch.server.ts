/**
 * A word to the organisers when the backups fail (issue 54): the nightly backup or its copy to
 * BACKUP_COPY_DIR failed, or the newest backup is too old. One mail when they start failing, one
 * when they work again, none while nothing changes and none on an ordinary success: a mail every
 * night would be read as noise, and a failure nobody hears of is how a group loses its data.
 */
import { env } from "~/platform/env.server";
import { getDb } from "~/platform/db/client.server";
import { escapeHtml } from "~/platform/lib/mail-text";
import { claimBackupAlarm } from "~/platform/models/backup.server";
import { backupState } from "~/platform/services/backup.server";
import { sendMail } from "~/platform/services/mail.server";
import { startTicker } from "~/platform/services/ticker.server";
import { listOrganisers } from "~/features/accounts/index.server";

function backupMail(problem: string | undefined) {
  const config = env();
  const lines = problem
    ? [
        "The planner's backups are failing.",
        problem,
        `Look at the backup folder (${config.backupDir})` +
          `${config.backupCopyDir ? ` and the copy folder (${config.backupCopyDir})` : ""}: is the disk full, ` +
          "the stick or share mounted, the folder writable? You get one more mail when backups work again.",
        `${config.appUrl}/organiser`,
      ]
    : [
        "The planner's backups work again.",
        "The newest backup was written and copied as it should be. Nothing more to do.",
        `${config.appUrl}/organiser`,
      ];
  return {
    subject: problem ? "The planner's backups are failing" : "The planner's backups work again",
    text: lines.join("\n\n"),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
  };
}

/** Tells the organisers when the backups start failing or work again; returns what it said, if anything. */
export async function runBackupWatch(now = new Date()): Promise<"failing" | "ok" | undefined> {
  const { problem } = await backupState(now);
  const state = problem ? "failing" : "ok";
  if (!(await claimBackupAlarm(await getDb(), state))) return undefined;
  // ADMIN_EMAILS run the machine: they hear even before they made an account.
  const to = (await listOrganisers())
    .filter((organiser) => organiser.fromEnv || organiser.state === "confirmed")
    .map((organiser) => organiser.email);
  const mail = backupMail(problem);
  for (const address of to) await sendMail({ to: address, ...mail });
  return state;
}

/** Watches the backups with the server process: soon after start, then every quarter hour. */
export function startBackupWatch() {
  startTicker("The backup watch", () => runBackupWatch(), { everyMs: 15 * 60_000, firstAfterMs: 90_000 });
}
