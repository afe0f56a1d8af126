/**
 * A backup is the group's data, never a key (issue 53, decision 028): nothing in the file signs a
 * cookie, opens a code or link, or leads to a calendar address, and a backup written before that
 * (format 1, which holds them) restores without them. A calendar address answers the same after a
 * restore.
 */
import { createDecipheriv, createHmac, hkdfSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { createCookie } from "@remix-run/node";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useDatabase, type Db } from "~/platform/db/client.server";
import {
  oneTimeSecrets,
  rateLimits,
  sessionDetails,
  sessions,
  settings,
  trustedLogins,
  tripFeedTokens,
} from "~/platform/db/schema";
import { forgetModuleState } from "~/platform/lib/module-state";
import { parseBackup } from "~/platform/lib/backup-file";
import { takeBackup } from "~/platform/models/backup.server";
import { restoreBackup } from "~/platform/models/restore.server";
import { getUserByEmail } from "~/platform/models/user.server";
import { runAsClient } from "~/platform/services/request-path.server";
import { cookieSecret } from "~/platform/services/secret.server";
import { createUserSession, getUser, sessionCookieName } from "~/platform/services/session.server";
import { seedDemoData } from "~/seed.server";
import * as feedRoute from "~/routes/calendar.$feed";
import * as codePage from "~/routes/sign-in.code";
import * as linkPage from "~/routes/sign-in.link";
import * as tripPage from "~/routes/trip";
import { ORIGIN, callRoute, cookieFrom, makeRequest } from "../../../tests/support/requests";
import { useFreshDatabase, withEmptyDatabase } from "../../../tests/support/database";
import { useFakeMail } from "../../../tests/support/mail";

const database = useFreshDatabase();
const mail = useFakeMail({ ADMIN_EMAILS: "organiser@example.com", APP_URL: ORIGIN });

/** The tables that hold keys, live secrets or who is signed in where: never in a backup. */
const NEVER = ["sessions", "session_details", "one_time_secrets", "trusted_logins", "rate_limits"];

const rowsOf = (text: string, table: string) =>
  (parseBackup(text).tables.find((entry) => entry.name === table)?.rows ?? []).map(
    (row) => JSON.parse(row) as Record<string, unknown>,
  );

/** Every string in the file's rows, however deep (jsonb values too): what an attacker could try as a key. */
function stringsIn(text: string): string[] {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === "string") found.add(value);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const table of parseBackup(text).tables) for (const row of table.rows) walk(JSON.parse(row));
  return [...found];
}

/** The keys the planner derives from its secret for codes (features/accounts/services/one-time.server.ts). */
const codeKey = (secret: string, use: string) =>
  Buffer.from(hkdfSync("sha256", secret, "sgw-sign-in", use, 32));

function opens(sealed: string, secret: string) {
  try {
    const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
    const decipher = createDecipheriv("aes-256-gcm", codeKey(secret, "code-seal"), iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** The calendar token as the planner derived it before issue 53: an HMAC of its secret and a salt. */
const derivedFeedToken = (secret: string, userId: unknown, salt: unknown) =>
  createHmac("sha256", secret).update(`trip-feed:${userId}:${salt}`).digest("base64url");

const tokenOf = (address: string) => /\/calendar\/([\w-]+)\.ics$/.exec(address)![1]!;

const askCode = (email: string, ip: string) =>
  runAsClient(ip, () =>
    callRoute(codePage.action, makeRequest("/sign-in/code", { form: { email }, method: "POST" })),
  );

async function tripFeed(cookie: string) {
  const body = (await (await callRoute(tripPage.loader, makeRequest("/trip", { cookie }))).json()) as {
    feed: unknown;
  };
  return body.feed as { https?: string } | null;
}

const getFeed = (address: string) =>
  callRoute(feedRoute.loader, makeRequest(new URL(address).pathname), { feed: `${tokenOf(address)}.ics` });

/** Runs `use` as a planner started on `connection`'s database (a fresh process: nothing remembered). */
async function asPlannerOn<T>(connection: Parameters<typeof useDatabase>[0], use: () => Promise<T>) {
  useDatabase(connection);
  forgetModuleState();
  try {
    return await use();
  } finally {
    useDatabase(database.connection);
    forgetModuleState();
  }
}

async function countRows(db: Db) {
  const counts: Record<string, number> = {};
  const tables = { sessions, sessionDetails, oneTimeSecrets, trustedLogins, rateLimits };
  for (const [name, table] of Object.entries(tables)) {
    counts[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  }
  return counts;
}

let liveAddress = "";

describe("a backup", () => {
  it("holds nothing that signs a cookie, opens a code or link, or leads to a calendar address", async () => {
    const { db } = database;
    await seedDemoData(db, { confirmOrganisers: true, season: true });
    const organiser = (await getUserByEmail("organiser@example.com"))!;
    const alex = (await getUserByEmail("alex@example.com"))!;
    // The attack: a co-organiser asks a code for the organiser's address, then downloads a backup.
    expect((await askCode("organiser@example.com", "10.53.0.1")).status).toBe(302);
    const [sent] = await mail.mailsTo("organiser@example.com");
    const code = /sign-in code is (\d{6})/.exec(sent!.text)![1]!;
    const session = cookieFrom(await createUserSession(organiser.id, "/"));
    const alexCookie = cookieFrom(await createUserSession(alex.id, "/"));
    await callRoute(
      tripPage.action,
      makeRequest("/trip", { cookie: alexCookie, form: { intent: "renew-feed" } }),
    );
    liveAddress = (await tripFeed(alexCookie))!.https!;
    expect((await getFeed(liveAddress)).status).toBe(200);

    const text = await takeBackup(db, "pglite");
    const secret = await cookieSecret();
    expect(text).not.toContain(secret);
    const names = parseBackup(text).tables.map((table) => table.name);
    for (const table of NEVER) expect(names, table).not.toContain(table);
    expect(rowsOf(text, "settings").map((row) => row.key)).not.toContain("session_secret");
    // No hash, seal or salt of a live secret, whichever table might have carried it.
    const [live] = await db.select().from(oneTimeSecrets);
    const [feedRow] = await db.select().from(tripFeedTokens);
    const [sessionRow] = await db.select().from(sessions);
    for (const value of [live!.codeHash!, live!.linkHash!, live!.sealed!, sessionRow!.tokenHash]) {
      expect(text).not.toContain(value);
    }
    expect(text).not.toContain(code);
    expect(text).not.toContain(tokenOf(liveAddress));
    for (const row of rowsOf(text, "trip_feed_tokens")) expect(Object.keys(row)).not.toContain("sealed");

    // Whatever the file holds, tried as the key: no cookie it signs is taken, no seal opens, no
    // code hash matches, no calendar address comes out.
    const sessionToken = await createCookie(sessionCookieName(), { secrets: [secret] }).parse(session);
    const candidates = stringsIn(text).filter((value) => value.length >= 16);
    expect(candidates.length).toBeGreaterThan(50);
    const feedRows = rowsOf(text, "trip_feed_tokens");
    for (const candidate of candidates) {
      const forged = await createCookie(sessionCookieName(), { secrets: [candidate] }).serialize(
        sessionToken,
      );
      expect(await getUser(makeRequest("/", { cookie: forged.split(";")[0] })), candidate).toBeUndefined();
      expect(opens(live!.sealed!, candidate), candidate).toBeUndefined();
      const hash = createHmac("sha256", codeKey(candidate, "code-hash"))
        .update(`${organiser.id}:${code}`)
        .digest("hex");
      expect(hash).not.toBe(live!.codeHash);
      for (const row of feedRows) {
        expect(derivedFeedToken(candidate, row.user_id, row.salt)).not.toBe(tokenOf(liveAddress));
      }
    }
    // The live database still holds them: the members keep their sessions, the code still works.
    expect(feedRow!.tokenHash).toBeTruthy();
    expect(await getUser(makeRequest("/", { cookie: session }))).toMatchObject({ id: organiser.id });
  }, 120_000);

  it("restored, answers the same calendar address; the page shows it again once the calendar has fetched it", async () => {
    const text = await takeBackup(database.db, "pglite");
    await withEmptyDatabase(true, async (target) => {
      await restoreBackup(target, text);
      await asPlannerOn(target, async () => {
        const alex = (await getUserByEmail("alex@example.com"))!;
        const cookie = cookieFrom(await createUserSession(alex.id, "/"));
        // The page cannot show it (its seal is not in the backup) but says it still works.
        expect(await tripFeed(cookie)).toEqual({ hidden: true });
        const response = await getFeed(liveAddress);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain("BEGIN:VCALENDAR");
        expect((await tripFeed(cookie))?.https).toBe(liveAddress);
      });
    });
  }, 120_000);
});

describe("a backup from before issue 53 (format 1)", () => {
  it("restores without its secrets: the code and link read from it fail, its sessions are gone, its calendar address answers", async () => {
    const file = readFileSync("tests/support/backup-format-1.jsonl", "utf8");
    // Its sign-in code lived 15 minutes: made live again, as if restored right after the backup.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const text = file.replace(/"expires_at":"[^"]*"/g, `"expires_at":"${later}"`);
    const oldSecret = String(rowsOf(text, "settings").find((row) => row.key === "session_secret")!.value);
    const [secretRow] = rowsOf(text, "one_time_secrets");
    // What the attack read from the file: the code and the link of a live sign-in.
    const { code, link } = JSON.parse(opens(String(secretRow!.sealed), oldSecret)!) as {
      code: string;
      link: string;
    };
    const [feed] = rowsOf(text, "trip_feed_tokens");
    const oldAddress = `${ORIGIN}/calendar/${derivedFeedToken(oldSecret, feed!.user_id, feed!.salt)}.ics`;
    for (const table of NEVER) expect(rowsOf(text, table).length, table).toBeGreaterThan(0);

    // Into a new folder, as an old backup goes: a database never migrated, brought to its schema.
    await withEmptyDatabase(false, async (target) => {
      await restoreBackup(target, text);
      expect(await countRows(target.db)).toEqual({
        sessions: 0,
        sessionDetails: 0,
        oneTimeSecrets: 0,
        trustedLogins: 0,
        rateLimits: 0,
      });
      const stored = await target.db.select().from(settings);
      expect(stored.map((row) => row.value)).not.toContain(oldSecret);
      await asPlannerOn(target, async () => {
        expect(await cookieSecret()).not.toBe(oldSecret);
        const typed = await runAsClient("10.53.1.1", () =>
          callRoute(
            codePage.action,
            makeRequest("/sign-in/code", { form: { email: "organiser@example.com", code }, method: "POST" }),
          ),
        );
        expect(typed.status).toBe(400);
        expect(typed.headers.get("Set-Cookie") ?? "").not.toContain(sessionCookieName());
        const pressed = await runAsClient("10.53.1.2", () =>
          callRoute(
            linkPage.action,
            makeRequest(`/sign-in/link?token=${link}`, { form: { keep: "on" }, method: "POST" }),
          ),
        );
        expect(pressed.headers.get("Set-Cookie") ?? "").not.toContain(sessionCookieName());
        // The member's calendar keeps working: the address made before the backup still answers.
        expect((await getFeed(oldAddress)).status).toBe(200);
      });
    });
  }, 120_000);
});
