import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useDatabase } from "~/platform/db/client.server";
import { users } from "~/platform/db/schema";
import { RESTORE_UPLOAD_MAX_BYTES } from "~/platform/lib/limits";
import { takeBackup } from "~/platform/models/backup.server";
import { issueSetupLink, restoreAction, restorePage } from "~/features/accounts/index.server";
import { seedDemoData } from "~/seed.server";
import { useFreshDatabase, withEmptyDatabase } from "../../../../tests/support/database";

const database = useFreshDatabase();
const URL_ = "http://localhost:3000/setup/restore";

function post(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return restoreAction(new Request(URL_, { method: "POST", body }));
}

/** This link's held uploads only: the file runs on PGlite and PostgreSQL at once, in one tmpdir. */
function uploadsOf(token: string) {
  const link = createHash("sha256").update(token).digest("hex").slice(0, 16);
  return () => readdirSync(tmpdir()).filter((name) => name.startsWith(`sgw25-restore-${link}-`));
}

async function statusAndBody(answer: unknown) {
  if (answer instanceof Response) return { status: answer.status, headers: answer.headers };
  const { data, init } = answer as { data: unknown; init?: { status?: number } | null };
  if (init !== undefined) return { status: init?.status ?? 200, data };
  return { status: 200, data: answer };
}

describe("restore from a backup on /setup", () => {
  it("refuses a damaged file, too large a file and a wrong link, writing nothing; checks, shows the counts, restores", async () => {
    await seedDemoData(database.db, { confirmOrganisers: true, season: true });
    const text = await takeBackup(database.db, "pglite");
    await withEmptyDatabase(true, async (target) => {
      useDatabase(target);
      try {
        const token = (await issueSetupLink())!;
        const uploads = uploadsOf(token);
        const members = async () => (await target.db.select({ n: count() }).from(users))[0]!.n;

        const damaged = new Blob([text.split("\n").slice(0, -3).join("\n")]);
        let answer = await statusAndBody(await post({ token, intent: "check", backup: damaged }));
        expect(answer.status).toBe(400);
        expect(answer.data).toMatchObject({
          error: expect.stringMatching(/incomplete|damaged.*Nothing was restored/),
        });

        answer = await statusAndBody(
          await post({
            token,
            intent: "check",
            backup: new Blob([new Uint8Array(RESTORE_UPLOAD_MAX_BYTES + 1)]),
          }),
        );
        expect(answer.data).toMatchObject({
          error: expect.stringMatching(
            /larger than 50 MB.*"npm run restore FILE" restores a backup of any size/,
          ),
        });

        answer = await statusAndBody(
          await post({ token: "not-the-link", intent: "check", backup: new Blob([text]) }),
        );
        expect(answer.data).toMatchObject({ error: expect.stringContaining("set-up link") });

        answer = await statusAndBody(await post({ token, intent: "restore", upload: "0".repeat(32) }));
        expect(answer.data).toMatchObject({ error: expect.stringContaining("no longer here") });
        expect(await members()).toBe(0);
        expect(uploads()).toEqual([]);

        answer = await statusAndBody(await post({ token, intent: "check", backup: new Blob([text]) }));
        const { checked } = answer.data as { checked: { upload: string; summary: string } };
        expect(checked.summary).toMatch(/^\d+ members, 1 edition, \d+ survey answers, \d+ houses/);
        expect(await members()).toBe(0);
        expect(uploads()).toHaveLength(1);

        // Another link cannot confirm this upload.
        answer = await statusAndBody(await post({ token: "x", intent: "restore", upload: checked.upload }));
        expect(await members()).toBe(0);

        const done = await post({ token, intent: "restore", upload: checked.upload });
        expect(done).toBeInstanceOf(Response);
        expect((done as Response).status).toBe(302);
        expect((done as Response).headers.get("Location")).toBe("/auth");
        expect(await members()).toBeGreaterThan(0);
        expect(uploads()).toEqual([]);
        // The restore spent the link (the demo's organiser comes from ADMIN_EMAILS, not set here).
        expect(await restorePage(token)).toEqual({ token: null });
      } finally {
        useDatabase(database.connection);
      }
    });
  }, 120_000);
});
