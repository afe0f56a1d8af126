import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { env } from "~/platform/env.server";
import { keepsState } from "~/platform/lib/module-state";
import { cookieSecret } from "~/platform/services/secret.server";
import { sheetWorkerScript } from "~/features/trip/lib/sheet-worker";
import { savedStamp } from "~/features/trip/lib/sheet-stamp";

/** The one page the service worker keeps (issue 56). */
export const SHEET_PATH = "/trip/sheet";

/**
 * Posts that start or end a session, or delete the account: the worker drops its copy as soon as one
 * is sent (the answers also carry Clear-Site-Data, which plain http on another host does not honour).
 */
const SESSION_PATHS = [
  "/logout",
  "/auth",
  "/account/delete",
  "/sign-in",
  "/register",
  "/continue",
  "/setup",
  "/reset-password",
  "/organiser/confirm",
] as const;

let version: string | undefined;
keepsState(() => {
  version = undefined;
});

/** The build's version (remix build writes it beside the server build); the worker's cache is named after it. */
function buildVersion(): string {
  if (version === undefined) {
    try {
      version = readFileSync(path.join("build", "version.txt"), "utf8").trim() || "dev";
    } catch {
      version = "dev";
    }
  }
  return version;
}

/** /sw.js: the worker, never kept by a cache, so a new build's worker is found at the next visit. */
export function sheetWorkerResponse(): Response {
  return new Response(sheetWorkerScript(buildVersion(), SHEET_PATH, SESSION_PATHS), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Who a kept sheet belongs to, without naming them: an HMAC of the member's id under the app's
 * secret. The sheet carries it as a header (the worker files the copy under it) and the trip pages
 * tell the worker theirs, so a copy of another member's sheet is dropped.
 */
export async function sheetOwner(userId: number): Promise<string> {
  return createHmac("sha256", await cookieSecret())
    .update(`trip-sheet:${userId}`)
    .digest("base64url")
    .slice(0, 22);
}

/** "Saved Friday 12 July, 14:02", now, in the event's time zone. */
export const sheetSavedAt = (now = new Date()) => savedStamp(now, env().eventTimeZone);
