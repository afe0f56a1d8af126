import { TransactionRollbackError, and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oneTimeSecrets, type OneTimeKind } from "~/platform/db/schema";
import { createUser } from "~/platform/models/user.server";
import { useFreshDatabase } from "../../../../tests/support/database";
import {
  claimByLink,
  deleteByLink,
  deleteEverySecretOf,
  deleteSecretsOf,
  findByLink,
  findLive,
  issueSecret,
  pruneAndCount,
  releaseByLink,
  spendSecret,
  takeTry,
  voidSecretsOf,
  type OneTimeSecret,
} from "~/features/accounts/models/one-time.server";

const database = useFreshDatabase();

/** Every time below is read from here: the module is given `now`, nothing waits. */
const NOW = new Date("2031-03-01T12:00:00Z");
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const MAX_TRIES = 5;

let links = 0;
/** A link hash no other row has (link_hash is unique over the whole table). */
const newLink = () => `link-${++links}`;

type Fields = Partial<Omit<typeof oneTimeSecrets.$inferInsert, "id" | "kind" | "target">>;

/** A secret stored as it is (issueSecret's plain insert): live for 15 minutes unless `fields` say otherwise. */
async function stored(kind: OneTimeKind, target: string, fields: Fields = {}) {
  const issued = await issueSecret(kind, target, {
    linkHash: newLink(),
    codeHash: "hmac",
    expiresAt: at(15 * MINUTE),
    ...fields,
  });
  return issued!.secret;
}

const byId = (row: OneTimeSecret) => eq(oneTimeSecrets.id, row.id);
const byLinkHash = (row: OneTimeSecret) => eq(oneTimeSecrets.linkHash, row.linkHash!);

/** The row as the table has it now, or undefined once it is gone. */
async function reread(row: OneTimeSecret) {
  const [found] = await database.db.select().from(oneTimeSecrets).where(byId(row));
  return found;
}

async function rowsOf(kind: OneTimeKind, target: string) {
  return database.db
    .select()
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.kind, kind), eq(oneTimeSecrets.target, target)))
    .orderBy(asc(oneTimeSecrets.id));
}

async function member(email: string) {
  return (await createUser({ email, password: "secret1" }))!.id;
}

describe("issueSecret", () => {
  it("stores a new secret as given, untried and unused, beside the live ones", async () => {
    const first = await stored("reset-password", "plain", { payload: { to: "/a" } });
    const issued = await issueSecret("reset-password", "plain", {
      linkHash: "plain-2",
      expiresAt: at(MINUTE),
    });
    expect(issued?.resent).toBe(false);
    expect(issued?.secret).toMatchObject({
      kind: "reset-password",
      target: "plain",
      linkHash: "plain-2",
      tries: 0,
      usedAt: null,
      expiresAt: at(MINUTE),
    });
    expect(first).toMatchObject({ payload: { to: "/a" }, codeHash: "hmac", userId: null });
    // A plain issue voids nothing: a member may hold several live links at once.
    expect((await rowsOf("reset-password", "plain")).map((row) => row.usedAt)).toEqual([null, null]);
  });

  it("with replace, voids the earlier unspent secrets of that kind and target, and no others", async () => {
    const earlier = await stored("setup", "first-organiser");
    const spentBefore = await stored("setup", "first-organiser", { usedAt: at(-MINUTE) });
    const otherTarget = await stored("setup", "someone-else");
    const otherKind = await stored("change-address", "first-organiser");
    const issued = await issueSecret(
      "setup",
      "first-organiser",
      { linkHash: newLink(), expiresAt: at(MINUTE) },
      { now: NOW, replace: true },
    );
    expect(issued?.resent).toBe(false);
    expect((await reread(earlier))?.usedAt).toEqual(NOW);
    expect((await reread(spentBefore))?.usedAt).toEqual(at(-MINUTE));
    expect((await reread(otherTarget))?.usedAt).toBeNull();
    expect((await reread(otherKind))?.usedAt).toBeNull();
    expect((await reread(issued!.secret))?.usedAt).toBeNull();
    expect(await findLive("setup", eq(oneTimeSecrets.target, "first-organiser"), { now: NOW })).toEqual(
      issued!.secret,
    );
  });

  it("with resend, hands back the live secret of (kind, target) instead of storing a new one", async () => {
    const live = await stored("sign-in", "resend", { tries: MAX_TRIES - 1 });
    // Newer, but dead or of another kind: not what a resend hands back.
    await stored("sign-in", "resend", { expiresAt: at(-SECOND) });
    await stored("sign-in", "resend", { usedAt: at(-SECOND) });
    await stored("register", "resend");
    const fresh = { linkHash: newLink(), expiresAt: at(MINUTE) };
    const issued = await issueSecret("sign-in", "resend", fresh, {
      now: NOW,
      resend: { maxTries: MAX_TRIES },
    });
    expect(issued).toEqual({ secret: live, resent: true });
    expect(await rowsOf("sign-in", "resend")).toHaveLength(3);
  });

  it.each([
    ["tried maxTries times", { tries: MAX_TRIES }],
    ["expired", { expiresAt: NOW }],
    ["used", { usedAt: at(-SECOND) }],
  ])("with resend, stores a new secret when the last one was %s", async (name, dead) => {
    const target = `resend-${name}`;
    const old = await stored("sign-in", target, dead);
    const issued = await issueSecret(
      "sign-in",
      target,
      { linkHash: newLink(), expiresAt: at(MINUTE) },
      {
        now: NOW,
        resend: { maxTries: MAX_TRIES },
      },
    );
    expect(issued?.resent).toBe(false);
    expect(issued?.secret.id).not.toBe(old.id);
    expect((await rowsOf("sign-in", target)).map((row) => row.id)).toEqual([old.id, issued!.secret.id]);
  });

  it("with a guard that says no, issues nothing and leaves the table as it was", async () => {
    const live = await stored("register", "guarded@example.com");
    const before = await database.db.select().from(oneTimeSecrets).orderBy(asc(oneTimeSecrets.id));
    let seen = -1;
    const issued = await issueSecret(
      "register",
      "guarded@example.com",
      { linkHash: "never-stored", expiresAt: at(MINUTE) },
      {
        now: NOW,
        replace: true,
        resend: { maxTries: MAX_TRIES },
        // The guard reads through the transaction it is given.
        guard: async (tx) => {
          seen = (await tx.select().from(oneTimeSecrets).where(byId(live))).length;
          return false;
        },
      },
    );
    expect(issued).toBeUndefined();
    expect(seen).toBe(1);
    expect(await database.db.select().from(oneTimeSecrets).orderBy(asc(oneTimeSecrets.id))).toEqual(before);
    expect(await findByLink("register", "never-stored")).toBeUndefined();
  });

  it("with a guard that says yes, issues as without one", async () => {
    const issued = await issueSecret(
      "register",
      "welcome@example.com",
      { linkHash: newLink(), expiresAt: at(MINUTE) },
      { now: NOW, guard: async () => true },
    );
    expect(issued?.resent).toBe(false);
    expect(await rowsOf("register", "welcome@example.com")).toEqual([issued!.secret]);
  });
});

describe("takeTry", () => {
  it("counts one try a call and refuses once maxTries are taken", async () => {
    const code = await stored("sign-in", "tries");
    const match = byId(code);
    for (let n = 1; n <= MAX_TRIES; n++) {
      expect((await takeTry("sign-in", match, MAX_TRIES, NOW))?.tries).toBe(n);
    }
    expect(await takeTry("sign-in", match, MAX_TRIES, NOW)).toBeUndefined();
    expect((await reread(code))?.tries).toBe(MAX_TRIES);
  });

  it("takes the try on the newest live code that match picks", async () => {
    const older = await stored("register", "newest@example.com");
    const newer = await stored("register", "newest@example.com");
    const taken = await takeTry("register", eq(oneTimeSecrets.target, "newest@example.com"), MAX_TRIES, NOW);
    expect(taken?.id).toBe(newer.id);
    expect((await reread(older))?.tries).toBe(0);
  });

  it.each([
    ["used already", { usedAt: at(-SECOND) }],
    ["past its expiry", { expiresAt: NOW }],
  ])("takes no try on a code %s", async (_name, dead) => {
    const code = await stored("sign-in", "dead-code", dead);
    expect(await takeTry("sign-in", byId(code), MAX_TRIES, NOW)).toBeUndefined();
    expect((await reread(code))?.tries).toBe(0);
  });

  it("takes no try on a code of another kind", async () => {
    const code = await stored("sign-in", "other-kind");
    expect(await takeTry("register", byId(code), MAX_TRIES, NOW)).toBeUndefined();
    expect((await reread(code))?.tries).toBe(0);
  });

  it("gives parallel guesses no more than maxTries looks in all", async () => {
    const code = await stored("sign-in", "parallel-tries");
    const tries = await Promise.all(
      Array.from({ length: 12 }, () => takeTry("sign-in", byId(code), MAX_TRIES, NOW)),
    );
    expect(tries.filter(Boolean)).toHaveLength(MAX_TRIES);
    expect((await reread(code))?.tries).toBe(MAX_TRIES);
  });
});

describe("findLive and findByLink", () => {
  it("findLive finds the newest unused, unexpired secret of its kind and spends nothing", async () => {
    await stored("confirm-address", "look");
    const newest = await stored("confirm-address", "look", { tries: MAX_TRIES - 1 });
    const match = eq(oneTimeSecrets.target, "look");
    expect(await findLive("confirm-address", match, { now: NOW, maxTries: MAX_TRIES })).toEqual(newest);
    expect(await findLive("confirm-address", match, { now: NOW, maxTries: MAX_TRIES })).toEqual(newest);
    expect(await reread(newest)).toEqual(newest);
  });

  it.each([
    ["used", { usedAt: at(-SECOND) }, undefined],
    ["expired", { expiresAt: NOW }, undefined],
    ["tried maxTries times", { tries: MAX_TRIES }, MAX_TRIES],
  ])("findLive finds nothing %s", async (_name, dead, maxTries) => {
    const row = await stored("confirm-address", "dead-look", dead);
    expect(await findLive("confirm-address", byId(row), { now: NOW, maxTries })).toBeUndefined();
  });

  it("findLive and findByLink find nothing of another kind", async () => {
    const row = await stored("reset-password", "kinds");
    expect(await findLive("reset-password", byLinkHash(row), { now: NOW })).toEqual(row);
    expect(await findByLink("reset-password", row.linkHash!)).toEqual(row);
    for (const kind of ["personal-link", "sign-in", "setup"] as const) {
      expect(await findLive(kind, byLinkHash(row), { now: NOW })).toBeUndefined();
      expect(await findByLink(kind, row.linkHash!)).toBeUndefined();
    }
  });

  it("findByLink finds the secret behind a link live or not, until it is gone", async () => {
    const used = await stored("personal-link", "links", { usedAt: at(-SECOND) });
    const expired = await stored("personal-link", "links", { expiresAt: at(-SECOND) });
    expect(await findByLink("personal-link", used.linkHash!)).toEqual(used);
    expect(await findByLink("personal-link", expired.linkHash!)).toEqual(expired);
    expect(await findByLink("personal-link", "no-such-link")).toBeUndefined();
    await deleteByLink("personal-link", expired.linkHash!);
    expect(await findByLink("personal-link", expired.linkHash!)).toBeUndefined();
  });
});

describe("spendSecret", () => {
  it("spends a live secret once", async () => {
    const row = await stored("reset-password", "spend");
    const spent = await spendSecret("reset-password", byLinkHash(row), { now: NOW });
    expect(spent).toEqual({ ...row, usedAt: NOW });
    expect(await spendSecret("reset-password", byLinkHash(row), { now: at(SECOND) })).toBeUndefined();
    expect((await reread(row))?.usedAt).toEqual(NOW);
  });

  it("of two or twenty spends at once, one goes through", async () => {
    const pair = await stored("setup", "race");
    const two = await Promise.all([1, 2].map(() => spendSecret("setup", byId(pair), { now: NOW })));
    expect(two.filter(Boolean)).toHaveLength(1);
    const crowd = await stored("setup", "race");
    const twenty = await Promise.all(
      Array.from({ length: 20 }, () => spendSecret("setup", byId(crowd), { now: NOW })),
    );
    expect(twenty.filter(Boolean)).toHaveLength(1);
  });

  it.each([
    ["expired", { expiresAt: NOW }, undefined],
    ["tried maxTries times", { tries: MAX_TRIES }, MAX_TRIES],
  ])("spends nothing %s", async (_name, dead, maxTries) => {
    const row = await stored("sign-in", "dead-spend", dead);
    expect(await spendSecret("sign-in", byId(row), { now: NOW, maxTries })).toBeUndefined();
    expect((await reread(row))?.usedAt).toBeNull();
  });

  it("spends nothing of another kind", async () => {
    const row = await stored("sign-in", "kind-spend");
    expect(await spendSecret("register", byId(row), { now: NOW })).toBeUndefined();
    expect((await reread(row))?.usedAt).toBeNull();
  });

  it("spends inside the runner's transaction: a rollback leaves the secret live", async () => {
    const row = await stored("confirm-address", "rollback");
    let spent: OneTimeSecret | undefined;
    const spending = database.db.transaction(async (tx) => {
      spent = await spendSecret("confirm-address", byId(row), { now: NOW, runner: tx });
      // Inside the transaction it is spent already.
      const [inside] = await tx.select().from(oneTimeSecrets).where(byId(row));
      expect(inside?.usedAt).toEqual(NOW);
      tx.rollback();
    });
    await expect(spending).rejects.toThrow(TransactionRollbackError);
    expect(spent?.usedAt).toEqual(NOW);
    expect(await findLive("confirm-address", byId(row), { now: NOW })).toEqual(row);
  });
});

describe("a member's secrets", () => {
  /** Ana's and Ben's secrets of two kinds, Ana holding one spent reset link already. */
  async function twoMembers(prefix: string) {
    const ana = await member(`${prefix}-ana@example.com`);
    const ben = await member(`${prefix}-ben@example.com`);
    const of = (userId: number, kind: OneTimeKind, fields: Fields = {}) =>
      stored(kind, String(userId), { userId, ...fields });
    return {
      ana,
      anaReset: await of(ana, "reset-password"),
      anaSpent: await of(ana, "reset-password", { usedAt: at(-MINUTE) }),
      anaLink: await of(ana, "personal-link"),
      benReset: await of(ben, "reset-password"),
      benLink: await of(ben, "personal-link"),
    };
  }

  it("voidSecretsOf voids the member's unspent secrets of that kind only", async () => {
    const { ana, anaReset, anaSpent, anaLink, benReset } = await twoMembers("void");
    await voidSecretsOf("reset-password", ana, NOW);
    expect((await reread(anaReset))?.usedAt).toEqual(NOW);
    expect((await reread(anaSpent))?.usedAt).toEqual(at(-MINUTE));
    expect((await reread(anaLink))?.usedAt).toBeNull();
    expect((await reread(benReset))?.usedAt).toBeNull();
  });

  it("deleteSecretsOf deletes the member's secrets of that kind only", async () => {
    const { ana, anaReset, anaSpent, anaLink, benLink } = await twoMembers("delete");
    await deleteSecretsOf("personal-link", ana);
    expect(await reread(anaLink)).toBeUndefined();
    expect(await reread(anaReset)).toEqual(anaReset);
    expect(await reread(anaSpent)).toEqual(anaSpent);
    expect(await reread(benLink)).toEqual(benLink);
  });

  it("deleteEverySecretOf deletes every secret of the member and nobody else's", async () => {
    const { ana, anaReset, anaSpent, anaLink, benReset, benLink } = await twoMembers("every");
    await deleteEverySecretOf(ana);
    for (const row of [anaReset, anaSpent, anaLink]) expect(await reread(row)).toBeUndefined();
    expect(await reread(benReset)).toEqual(benReset);
    expect(await reread(benLink)).toEqual(benLink);
  });
});

describe("claimByLink and releaseByLink", () => {
  const LEASE = MINUTE;
  const claim = (row: OneTimeSecret, when: Date, kind: OneTimeKind = "kept-submission") =>
    claimByLink(kind, row.linkHash!, LEASE, when);

  it("a claim holds for its lease; after it, the secret may be claimed again", async () => {
    const kept = await stored("kept-submission", "10.0.0.1");
    expect(await claim(kept, NOW)).toEqual({ ...kept, usedAt: NOW });
    expect(await claim(kept, at(30 * SECOND))).toBeUndefined();
    expect(await claim(kept, at(LEASE))).toBeUndefined();
    expect(await claim(kept, at(LEASE + 1))).toEqual({ ...kept, usedAt: at(LEASE + 1) });
    expect(await claim(kept, at(LEASE + 2))).toBeUndefined();
  });

  it("a release lets the secret be claimed again at once", async () => {
    const kept = await stored("kept-submission", "10.0.0.2");
    expect(await claim(kept, NOW)).toBeDefined();
    await releaseByLink("kept-submission", kept.linkHash!);
    expect((await reread(kept))?.usedAt).toBeNull();
    expect(await claim(kept, at(SECOND))).toBeDefined();
  });

  it("claims nothing expired, unknown or of another kind, and a release of another kind gives nothing back", async () => {
    const expired = await stored("kept-submission", "10.0.0.3", { expiresAt: NOW });
    expect(await claim(expired, NOW)).toBeUndefined();
    expect(await claimByLink("kept-submission", "no-such-link", LEASE, NOW)).toBeUndefined();
    const kept = await stored("kept-submission", "10.0.0.3");
    expect(await claim(kept, NOW, "personal-link")).toBeUndefined();
    expect(await claim(kept, NOW)).toBeDefined();
    await releaseByLink("personal-link", kept.linkHash!);
    expect((await reread(kept))?.usedAt).toEqual(NOW);
  });

  it("of many claims at once, one gets it", async () => {
    const kept = await stored("kept-submission", "10.0.0.4");
    const claims = await Promise.all(Array.from({ length: 10 }, () => claim(kept, NOW)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("deleteByLink forgets the secret of its kind only", async () => {
    const kept = await stored("kept-submission", "10.0.0.5");
    await deleteByLink("personal-link", kept.linkHash!);
    expect(await reread(kept)).toEqual(kept);
    await deleteByLink("kept-submission", kept.linkHash!);
    expect(await reread(kept)).toBeUndefined();
    expect(await claim(kept, NOW)).toBeUndefined();
  });
});

describe("pruneAndCount", () => {
  it("deletes the kind's expired secrets and counts its unexpired ones, in all and for the target", async () => {
    // A year on, every secret the tests above stored has expired: only these count.
    const then = at(365 * 24 * 60 * MINUTE);
    const until = (ms: number) => ({ expiresAt: new Date(then.getTime() + ms) });
    const olderKept = await stored("kept-submission", "10.9.9.9");
    const expired = await stored("kept-submission", "10.9.9.9", until(-SECOND));
    const expiringNow = await stored("kept-submission", "10.9.9.9", until(0));
    const otherKind = await stored("personal-link", "10.9.9.9", until(-SECOND));
    await stored("kept-submission", "10.9.9.9", until(MINUTE));
    // A claimed one is still kept, and counts.
    await stored("kept-submission", "10.9.9.9", { ...until(MINUTE), usedAt: then });
    await stored("kept-submission", "10.1.1.1", until(MINUTE));
    expect(await pruneAndCount(database.db, "kept-submission", "10.9.9.9", then)).toEqual({
      total: 3,
      forTarget: 2,
    });
    expect(await reread(olderKept)).toBeUndefined();
    expect(await reread(expired)).toBeUndefined();
    // Expiring this very moment: neither pruned nor counted.
    expect(await reread(expiringNow)).toEqual(expiringNow);
    expect(await reread(otherKind)).toEqual(otherKind);
    expect(await pruneAndCount(database.db, "kept-submission", "nobody", then)).toEqual({
      total: 3,
      forTarget: 0,
    });
  });
});
