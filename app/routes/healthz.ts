import { pingDatabase } from "~/platform/models/health.server";
import { RETRY_AFTER_SECONDS, apiJson } from "~/platform/services/api.server";
import { backupState } from "~/platform/services/backup.server";

/** Past this age of the newest backup the planner is not well (issue 54): a monitor sees it. */
const BACKUP_UNHEALTHY_HOURS = 48;

export async function loader() {
  try {
    await pingDatabase();
  } catch (error) {
    console.error("Health check failed:", error);
    return apiJson({ ok: false }, { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
  }
  // The database answers: whatever the backups' note says is said, never a failure of its own.
  const backup = await backupState().catch(() => undefined);
  const ageHours = backup?.ageHours === undefined ? null : Math.round(backup.ageHours * 10) / 10;
  const stale = ageHours !== null && ageHours > BACKUP_UNHEALTHY_HOURS;
  return apiJson(
    { ok: !stale, backup: { at: backup?.at?.toISOString() ?? null, ageHours } },
    { status: stale ? 503 : 200 },
  );
}
