import { sql } from "drizzle-orm";
import { parseSection, type Section } from "~/features/survey/lib/survey-flow";
import { readSuggestForm, type SuggestFormValues } from "~/features/houses/lib/suggest-form";
import { hashToken, newToken } from "~/platform/models/session.server";
import { ONE_TIME_TTL_MS } from "~/features/accounts/lib/one-time";
import {
  claimByLink,
  deleteByLink,
  issueSecret,
  pruneAndCount,
  releaseByLink,
} from "~/features/accounts/models/one-time.server";
import { clientIp } from "~/platform/services/request-path.server";
import { appCookie } from "~/platform/services/secret.server";
import { isSameOriginPost, lastMemberOf } from "~/platform/services/session.server";

/**
 * A form posted after the member's session had ended: a survey section or a house suggestion. It is
 * kept on the server (the browser holds only a random token, in a signed cookie that lasts half an
 * hour) and applied by the login that follows, once, and only when that login is the member's who
 * was last logged in on this browser (`sgw_member`): a token planted from elsewhere is the planter's
 * own and applies to nobody else. Only a post from our own origin is kept.
 * Why: docs/decisions/007-pending-submissions.md.
 */
export type KeptSubmission =
  | { kind: "survey"; section: Section; fields: [string, string][] }
  | { kind: "house"; values: SuggestFormValues };

export const PENDING_TTL_MS = ONE_TIME_TTL_MS["kept-submission"];
/** Live kept forms at most per sending address, and in all: a flood fills these, not the disk. */
export const PENDING_PER_ADDRESS = 10;
export const PENDING_TOTAL = 500;
/** A claim older than this is a login that failed half-way: the next login may claim it again. */
const CLAIM_LEASE_MS = 60 * 1000;
/** The advisory lock key that serialises keeps (any fixed number no other lock uses). */
const KEEP_LOCK = 730_125;

/**
 * Keeps `payload` for `userId`'s next login under the sender's address (the key its cap counts by);
 * returns the token that takes it back (only its hash is stored), or null when the sender's address
 * or the table is at its cap. Expired ones go first.
 */
export async function keepPendingSubmission(
  payload: Record<string, unknown>,
  owner: { userId: number; address: string },
  now = new Date(),
): Promise<string | null> {
  const token = newToken();
  const kept = await issueSecret(
    "kept-submission",
    owner.address,
    {
      userId: owner.userId,
      linkHash: hashToken(token),
      payload,
      expiresAt: new Date(now.getTime() + PENDING_TTL_MS),
    },
    {
      now,
      // One keep at a time (keeps are rare), so concurrent posts cannot all pass the count together.
      guard: async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${KEEP_LOCK})`);
        const { total, forTarget } = await pruneAndCount(tx, "kept-submission", owner.address, now);
        return total < PENDING_TOTAL && forTarget < PENDING_PER_ADDRESS;
      },
    },
  );
  return kept ? token : null;
}

/**
 * Claims what was kept under `token` for one login: one UPDATE, so of several logins at once exactly
 * one gets it. Null when it is unknown, expired or claimed by another login just now.
 */
export async function claimPendingSubmission(token: string, now = new Date()) {
  const row = await claimByLink("kept-submission", hashToken(token), CLAIM_LEASE_MS, now);
  return row ? { payload: row.payload ?? {}, userId: row.userId } : null;
}

/** Gives a claim back (the login failed before applying it), so the next login finds it again. */
export async function releasePendingSubmission(token: string) {
  await releaseByLink("kept-submission", hashToken(token));
}

/** Forgets what was kept under `token` (once it has been applied, or refused). */
export async function dropPendingSubmission(token: string) {
  await deleteByLink("kept-submission", hashToken(token));
}

const pendingCookie = () => appCookie("sgw_pending", PENDING_TTL_MS / 1000);

/**
 * Keeps `submission` for the next login; returns the Set-Cookie value that finds it again, or null
 * when it is not kept (no Origin of ours, no member known on this browser, or the caps are reached).
 */
export async function keepForLogin(request: Request, submission: KeptSubmission): Promise<string | null> {
  if (!isSameOriginPost(request)) return null;
  const userId = await lastMemberOf(request);
  if (userId === undefined) return null;
  const token = await keepPendingSubmission(submission, { userId, address: clientIp(request) });
  return token ? (await pendingCookie()).serialize(token) : null;
}

const isField = (field: unknown): field is [string, string] =>
  Array.isArray(field) && typeof field[0] === "string" && typeof field[1] === "string";

/** What was stored, checked again (it went through JSON in the database). */
function readKept(payload: Record<string, unknown> | null): KeptSubmission | null {
  if (payload?.kind === "survey") {
    const section = parseSection(String(payload.section));
    const fields = Array.isArray(payload.fields) ? payload.fields.filter(isField) : [];
    return section ? { kind: "survey", section, fields } : null;
  }
  if (payload?.kind === "house" && payload.values && typeof payload.values === "object") {
    return { kind: "house", values: readSuggestForm(payload.values as Record<string, unknown>) };
  }
  return null;
}

/**
 * At a login of `userId`: the submission this browser kept for them, if any, claimed so no other
 * login applies it too; `spend` forgets it once applied, `release` gives it back when the login
 * fails half-way (the database going away), and `setCookie` clears the browser's token. A kept form
 * of another member is dropped unapplied. Null when the browser holds no token.
 */
export async function findKeptSubmission(
  request: Request,
  userId: number,
): Promise<{
  kept: KeptSubmission | null;
  spend: () => Promise<void>;
  release: () => Promise<void>;
  setCookie: string;
} | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("sgw_pending=")) return null;
  const jar = await pendingCookie();
  const value: unknown = await jar.parse(header);
  const token = typeof value === "string" && value ? value : null;
  const claimed = token ? await claimPendingSubmission(token) : null;
  const forget = async () => {
    if (token) await dropPendingSubmission(token);
  };
  const setCookie = await jar.serialize("", { maxAge: 0 });
  if (claimed && claimed.userId !== userId) {
    await forget();
    return { kept: null, spend: async () => {}, release: async () => {}, setCookie };
  }
  return {
    kept: readKept(claimed?.payload ?? null),
    spend: forget,
    release: async () => {
      if (token && claimed) await releasePendingSubmission(token);
    },
    setCookie,
  };
}
