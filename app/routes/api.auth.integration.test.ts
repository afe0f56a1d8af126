import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { oneTimeSecrets, sessions, surveys, users } from "~/platform/db/schema";
import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { runAsClient } from "~/platform/services/request-path.server";
import { callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { createUserSession } from "~/platform/services/session.server";
import { useFreshDatabase } from "../../tests/support/database";
import { useFakeMail } from "../../tests/support/mail";
import * as forgotRoute from "~/routes/api.forgot-password";
import * as loginRoute from "~/routes/api.login";
import * as logoutRoute from "~/routes/api.logout";
import * as registerRoute from "~/routes/api.register";
import * as resetRoute from "~/routes/api.reset-password";
import * as userRoute from "~/routes/api.user";
import * as passwords from "~/platform/models/password.server";

const database = useFreshDatabase();

const fake = useFakeMail();

const post = (route: { action: unknown }, path: string, json: unknown, ip = "10.0.0.1") =>
  runAsClient(ip, () => callRoute(route.action as never, makeRequest(path, { json })));

const register = (json: unknown, ip?: string) => post(registerRoute, "/api/register", json, ip);
const login = (json: unknown, ip?: string) => post(loginRoute, "/api/login", json, ip);
const forgot = (json: unknown, ip?: string) => post(forgotRoute, "/api/forgot-password", json, ip);
const reset = (json: unknown, ip?: string) => post(resetRoute, "/api/reset-password", json, ip);
const me = (bearer?: string) => callRoute(userRoute.loader as never, makeRequest("/api/user", { bearer }));

async function tokenFor(email: string, password: string) {
  const response = await login({ email, password });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Waits for the reset mail to reach the fake Resend server and returns its link's token. */
async function resetTokenMailedTo(email: string, count = 1) {
  const mails = await vi.waitFor(() => {
    const found = fake.mails.filter((mail) => [mail.to].flat().includes(email));
    if (found.length < count) throw new Error("no mail yet");
    return found;
  });
  const mail = mails[count - 1];
  expect(mail.subject).toBe("Reset your SGW25 password");
  const link = mail.text.match(/http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/);
  expect(mail.html).toContain(link![0]);
  return link![1];
}

describe("POST /api/register", () => {
  it("creates a member (201), stores an argon2id hash and refuses a duplicate in any case (409)", async () => {
    const response = await register({ email: " Ana@Example.com ", password: "secret1", name: "Ana" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ user: { id: expect.any(Number), email: "ana@example.com", name: "Ana" } });
    const [row] = await database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(row.passwordHash).toContain("m=19456,t=2,p=1");

    const again = await register({ email: "ANA@example.com", password: "another1" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "An account with that email already exists" });
  });

  it("answers 400 for a bad e-mail, a short password or a malformed body", async () => {
    const badEmail = await register({ email: "not-an-email", password: "secret1" });
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).error).toBe("Please enter a valid email address");
    const short = await register({ email: "short@example.com", password: "12345" });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      error: "Password must be at least 6 characters",
      fieldErrors: { password: "Password must be at least 6 characters" },
    });
    const malformed = await runAsClient("10.0.0.1", () =>
      callRoute(
        registerRoute.action as never,
        new Request("http://localhost:3000/api/register", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{nope",
        }),
      ),
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Request body must be a JSON object" });
  });

  it("accepts a urlencoded form too, and answers 405 to GET", async () => {
    const response = await runAsClient("10.0.0.1", () =>
      callRoute(
        registerRoute.action as never,
        makeRequest("/api/register", { form: { email: "form@example.com", password: "secret1" } }),
      ),
    );
    expect(response.status).toBe(201);
    expect((await response.json()).user.name).toBe("User");
    const get = await callRoute(registerRoute.loader as never, makeRequest("/api/register"));
    expect(get.status).toBe(405);
  });
});

describe("POST /api/login, GET /api/user, POST /api/logout", () => {
  it("logs in case-insensitively with the survey or null, and the token reads the user", async () => {
    await register({ email: "bo@example.com", password: "secret1" });
    const response = await login({ email: "BO@example.com", password: "secret1" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/),
      user: { id: expect.any(Number), email: "bo@example.com", name: "User" },
      survey: null,
    });
    const [stored] = await database.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
    expect(stored.tokenHash).not.toContain(body.token);

    await database.db.insert(surveys).values({ userId: body.user.id, name: "Bo", attending: "maybe" });
    const withSurvey = await (await login({ email: "bo@example.com", password: "secret1" })).json();
    expect(withSurvey.survey).toMatchObject({ name: "Bo", attending: "maybe", countries: { usa: false } });

    const user = await me(body.token);
    expect(user.status).toBe(200);
    expect(await user.json()).toEqual({ id: body.user.id, email: "bo@example.com", name: "User" });
  });

  it("answers 400 for a missing field and 401 for a wrong password or unknown e-mail", async () => {
    const missing = await login({ email: "bo@example.com" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe("Password is required");
    for (const attempt of [
      { email: "bo@example.com", password: "wrong-one" },
      { email: "nobody@example.com", password: "secret1" },
    ]) {
      const response = await login(attempt, "10.0.0.2");
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Invalid email or password" });
    }
  });

  it("GET /api/user needs a live token", async () => {
    const none = await me();
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: "Authentication required" });
    const bogus = await me("bogus-token");
    expect(bogus.status).toBe(401);
    expect(await bogus.json()).toEqual({ error: "Invalid or expired token" });
  });

  it("an expired session token stops working", async () => {
    const token = await tokenFor("bo@example.com", "secret1");
    expect((await me(token)).status).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.email, "bo@example.com"));
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const expired = await me(token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: "Invalid or expired token" });
  });

  it("logout revokes exactly the bearer token it was called with", async () => {
    const token = await tokenFor("bo@example.com", "secret1");
    const other = await tokenFor("bo@example.com", "secret1");
    const out = await callRoute(
      logoutRoute.action as never,
      makeRequest("/api/logout", { method: "POST", bearer: token }),
    );
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    expect((await me(token)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
    const again = await callRoute(
      logoutRoute.action as never,
      makeRequest("/api/logout", { method: "POST", bearer: token }),
    );
    expect(again.status).toBe(401);
  });
});

describe("rate limits", () => {
  it("five failures per e-mail give 429 with Retry-After; a success before that clears them", async () => {
    await register({ email: "cy@example.com", password: "secret1" });
    for (let i = 0; i < 4; i++)
      expect((await login({ email: "cy@example.com", password: "nope-nope" })).status).toBe(401);
    expect((await login({ email: "cy@example.com", password: "secret1" })).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await login({ email: "CY@example.com", password: "nope-nope" })).status).toBe(401);
    const limited = await login({ email: "cy@example.com", password: "secret1" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    expect(await limited.json()).toEqual({ error: "Too many attempts, try again in 15 minutes" });
    // Another member on the same connection is not locked out by cy's failures.
    expect((await login({ email: "bo@example.com", password: "secret1" })).status).toBe(200);
  });

  it("concurrent correct logins of one account are never refused; concurrent wrong ones still meet the limit", async () => {
    await register({ email: "many-tabs@example.com", password: "secret1" });
    const right = await Promise.all(
      Array.from({ length: 8 }, () =>
        login({ email: "many-tabs@example.com", password: "secret1" }, "10.7.7.7"),
      ),
    );
    expect(right.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const wrong = await Promise.all(
      Array.from({ length: 8 }, () =>
        login({ email: "many-tabs@example.com", password: "nope-nope" }, "10.7.7.8"),
      ),
    );
    expect(wrong.map((answer) => answer.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  }, 60_000);

  it("twenty failures from another address do not lock the owner out of their own", async () => {
    await register({ email: "flo@example.com", password: "secret1" });
    for (let i = 0; i < 20; i++) {
      const response = await login({ email: "flo@example.com", password: "not-hers" }, "10.6.6.6");
      expect(response.status).toBe(i < 5 ? 401 : 429);
    }
    expect((await login({ email: "flo@example.com", password: "secret1" }, "10.6.6.7")).status).toBe(200);
    // The guesser's address stays refused for this e-mail even with the right password.
    expect((await login({ email: "flo@example.com", password: "secret1" }, "10.6.6.6")).status).toBe(429);
  }, 60_000);

  it("an e-mail guessed at from many addresses hits a higher ceiling of 50 an hour", async () => {
    await register({ email: "gus@example.com", password: "secret1" });
    for (let i = 0; i < 50; i++) {
      const response = await login({ email: "gus@example.com", password: "guess" }, `10.5.${i}.1`);
      expect(response.status).toBe(401);
    }
    const limited = await login({ email: "gus@example.com", password: "secret1" }, "10.5.99.1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
  }, 60_000);

  it("55 wrong passwords from eleven addresses never lock the owner out of the address they log in from", async () => {
    await register({ email: "owner@example.com", password: "secret1" });
    expect((await login({ email: "owner@example.com", password: "secret1" }, "10.6.0.1")).status).toBe(200);
    const statuses: number[] = [];
    for (let address = 0; address < 11; address++) {
      for (let i = 0; i < 5; i++) {
        const response = await login({ email: "owner@example.com", password: "guess" }, `10.6.1.${address}`);
        statuses.push(response.status);
      }
    }
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429, 429, 429, 429]);
    // The ceiling over all addresses is reached: a new address is refused, the owner's is not.
    expect((await login({ email: "owner@example.com", password: "secret1" }, "10.6.2.1")).status).toBe(429);
    expect((await login({ email: "owner@example.com", password: "secret1" }, "10.6.0.1")).status).toBe(200);
  }, 60_000);

  it("100 failed logins from one address lock that address only", async () => {
    for (let i = 0; i < 100; i++) {
      const response = await login({ email: `spray-${i}@example.com`, password: "guess-1" }, "10.9.9.9");
      expect(response.status).toBe(401);
    }
    const limited = await login({ email: "bo@example.com", password: "secret1" }, "10.9.9.9");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
    expect((await login({ email: "bo@example.com", password: "secret1" }, "10.9.9.10")).status).toBe(200);
  }, 60_000);

  it("forgot-password allows 3 requests per e-mail per hour", async () => {
    for (let i = 0; i < 3; i++)
      expect((await forgot({ email: "nobody-here@example.com" }, "10.8.0.1")).status).toBe(200);
    const limited = await forgot({ email: "Nobody-Here@example.com" }, "10.8.0.2");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
    expect((await limited.json()).error).toBe("Too many attempts, try again in 60 minutes");
  });

  it("forgot-password allows 10 different e-mails per address per hour", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await forgot({ email: `who-${i}@example.com` }, "10.8.1.1")).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    expect((await forgot({ email: "who-0@example.com" }, "10.8.1.2")).status).toBe(200);
  });

  it("a flood of bogus reset tokens is limited per address and hashes no password", async () => {
    const hashes = vi.spyOn(passwords, "hashPassword");
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await reset({ token: `bogus-${i}`, newPassword: "flood-secret" }, "10.8.2.1");
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    expect(hashes).not.toHaveBeenCalled();
    hashes.mockRestore();
  });

  it("register allows 100 per address per hour (invalid input does not count)", async () => {
    expect((await register({ email: "x", password: "secret1" }, "10.7.7.7")).status).toBe(400);
    for (let i = 0; i < 100; i++) {
      const response = await register({ email: "crowd@example.com", password: "secret1" }, "10.7.7.7");
      expect(response.status).toBe(i === 0 ? 201 : 409);
    }
    const limited = await register({ email: "later@example.com", password: "secret1" }, "10.7.7.7");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
    expect((await register({ email: "later@example.com", password: "secret1" }, "10.7.7.8")).status).toBe(
      201,
    );
  }, 60_000);
});

describe("/api/logout", () => {
  it("ends a cookie session too, not only a bearer token", async () => {
    await register({ email: "cookie-out@example.com", password: "secret1" });
    const user = (await database.db.select().from(users).where(eq(users.email, "cookie-out@example.com")))[0];
    const cookie = cookieFrom(await createUserSession(user.id, "/"));
    const out = await callRoute(
      logoutRoute.action as never,
      makeRequest("/api/logout", { cookie, json: {} }),
    );
    expect(out.status).toBe(200);
    const after = await callRoute(userRoute.loader as never, makeRequest("/api/user", { cookie }));
    expect(after.status).toBe(401);
  });
});

describe("forgot and reset password", () => {
  it("answers the same for known and unknown e-mails and mails a link only to a member", async () => {
    await register({ email: "dee@example.com", password: "old-secret" });
    const known = await forgot({ email: "DEE@example.com" });
    const unknown = await forgot({ email: "ghost@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    await resetTokenMailedTo("dee@example.com");
    expect(fake.mails.some((mail) => [mail.to].flat().includes("ghost@example.com"))).toBe(false);
    const missing = await forgot({});
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe("Email is required");
  });

  it("does the known address's work only after answering, so the answer takes the same time", async () => {
    const resetsOf = async (email: string) =>
      (
        await database.db
          .select({ id: oneTimeSecrets.id })
          .from(oneTimeSecrets)
          .innerJoin(users, eq(users.id, oneTimeSecrets.userId))
          .where(and(eq(oneTimeSecrets.kind, "reset-password"), eq(users.email, email)))
      ).length;
    await register({ email: "fay@example.com", password: "fay-secret" });
    // The answer is held "being sent" until the test has looked (a socket's close, as in the server).
    const sending = Object.assign(new EventEmitter(), { closed: false }) as unknown as ServerResponse;
    const answer = await runAsClient(
      "10.8.3.1",
      () =>
        callRoute(
          forgotRoute.action as never,
          makeRequest("/api/forgot-password", { json: { email: "fay@example.com" } }),
        ),
      sending,
    );
    expect(answer.status).toBe(200);
    // Answered before the member was even looked up: the link is made once the answer is sent.
    expect(await resetsOf("fay@example.com")).toBe(0);
    sending.emit("close");
    await vi.waitFor(async () => expect(await resetsOf("fay@example.com")).toBe(1));
  });

  it("resets once, ends every session, and the new password logs in", async () => {
    const session = await tokenFor("dee@example.com", "old-secret");
    const token = await resetTokenMailedTo("dee@example.com");
    const short = await reset({ token, newPassword: "12345" });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe("Password must be at least 6 characters");

    const done = await reset({ token, newPassword: "new-secret" });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: "Password has been reset" });
    expect((await me(session)).status).toBe(401);
    expect((await login({ email: "dee@example.com", password: "old-secret" })).status).toBe(401);
    expect((await login({ email: "dee@example.com", password: "new-secret" })).status).toBe(200);

    const replay = await reset({ token, newPassword: "third-secret" });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: "Invalid or expired token" });
  });

  it("an expired or unknown reset token is refused", async () => {
    await forgot({ email: "dee@example.com" });
    const token = await resetTokenMailedTo("dee@example.com", 2);
    await database.db
      .update(oneTimeSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeSecrets.kind, "reset-password"));
    const expired = await reset({ token, newPassword: "newer-secret" });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: "Invalid or expired token" });
    const unknown = await reset({ token: "made-up", newPassword: "newer-secret" });
    expect(unknown.status).toBe(400);
    const missing = await reset({ newPassword: "newer-secret" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe("Invalid or expired token");
  });

  it("logs neither tokens nor passwords, even when the mail fails", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => {}),
    );
    try {
      await register({ email: "eve@example.com", password: "eve-secret-1" });
      await login({ email: "eve@example.com", password: "wrong-secret-9" });
      const session = await tokenFor("eve@example.com", "eve-secret-1");
      await forgot({ email: "eve@example.com" });
      const token = await resetTokenMailedTo("eve@example.com");
      await reset({ token, newPassword: "eve-secret-2" });
      // The mail server goes away: the requester still gets the same answer, the failure is logged.
      await new Promise((resolve) => fake.server.close(resolve));
      const answer = await forgot({ email: "eve@example.com" });
      expect(answer.status).toBe(200);
      await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
      const logged = spies
        .flatMap((spy) => spy.mock.calls.flat())
        .map((arg) => String(arg instanceof Error ? arg.stack : JSON.stringify(arg)));
      for (const secret of ["eve-secret-1", "wrong-secret-9", "eve-secret-2", session, token]) {
        expect(logged.join("\n")).not.toContain(secret);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
