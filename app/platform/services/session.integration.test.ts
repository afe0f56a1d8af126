import { describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { getDb } from "~/platform/db/client.server";
import {
  createPasswordReset,
  resetPasswordWithToken,
} from "~/features/accounts/services/kinds/reset-password.server";
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  SESSION_TTL_MS,
} from "~/platform/models/session.server";
import { createUser } from "~/platform/models/user.server";
import { cookieFrom, expectRedirect, makeRequest } from "../../../tests/support/requests";
import { useFreshDatabase } from "../../../tests/support/database";
import { createUserSession, getUser, requireApiUser, requireUser } from "~/platform/services/session.server";

useFreshDatabase();

describe("sessions", () => {
  it("find the member by bearer token and stop working once revoked", async () => {
    const user = await createUser({ email: "Mixed@Example.com", password: "secret1" });
    expect(user?.email).toBe("mixed@example.com");
    const { token } = await createSession(user!.id);
    expect((await getUser(makeRequest("/api/user", { bearer: token })))?.id).toBe(user!.id);
    await deleteUserSessions(user!.id);
    expect(await getUser(makeRequest("/api/user", { bearer: token }))).toBeUndefined();
  });

  it("hand features the member without the password hash, by cookie and by token", async () => {
    const user = await createUser({ email: "nohash@example.com", password: "secret1" });
    const { token } = await createSession(user!.id);
    const cookie = cookieFrom(await createUserSession(user!.id, "/"));
    for (const request of [makeRequest("/api/user", { bearer: token }), makeRequest("/houses", { cookie })]) {
      const member = await requireUser(request);
      expect(member.id).toBe(user!.id);
      expect(JSON.stringify(member)).not.toMatch(/argon2|passwordHash/);
    }
    expect(JSON.stringify(user)).not.toMatch(/argon2|passwordHash/);
  });

  it("read a session once until the sessions or users change: logout, revocation and a reset refuse it at once", async () => {
    const user = await createUser({ email: "cached@example.com", password: "secret1" });
    const reads = vi.spyOn(await getDb(), "select");
    const signedIn = async (token: string) =>
      (await getUser(makeRequest("/houses", { bearer: token })))?.id === user!.id;

    const first = (await createSession(user!.id)).token;
    expect(await signedIn(first)).toBe(true);
    const afterFirst = reads.mock.calls.length;
    expect(await signedIn(first)).toBe(true);
    expect(await signedIn(first)).toBe(true);
    expect(reads.mock.calls.length).toBe(afterFirst);

    // Logout.
    await deleteSession(first);
    expect(await signedIn(first)).toBe(false);

    // Revocation of every session of the member.
    const second = (await createSession(user!.id)).token;
    expect(await signedIn(second)).toBe(true);
    await deleteUserSessions(user!.id);
    expect(await signedIn(second)).toBe(false);

    // A password reset, in a transaction of its own.
    const third = (await createSession(user!.id)).token;
    expect(await signedIn(third)).toBe(true);
    const { token: reset } = await createPasswordReset(user!.id);
    expect(await resetPasswordWithToken(reset, "new-hash")).toBe(user!.id);
    expect(await signedIn(third)).toBe(false);

    // A kept session still ends when it expires.
    const fourth = (await createSession(user!.id)).token;
    expect(await signedIn(fourth)).toBe(true);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + SESSION_TTL_MS + 1000);
    try {
      expect(await signedIn(fourth)).toBe(false);
    } finally {
      vi.mocked(Date.now).mockRestore();
      reads.mockRestore();
    }
  });

  it("answers the API with 401 and pages with a redirect to login", async () => {
    const api = await requireApiUser(makeRequest("/api/user", { bearer: "nope" })).catch((r) => r);
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: "Invalid or expired token" });
    expect(api.headers.get("Cache-Control")).toBe("no-store");
    const anonymous = await requireApiUser(makeRequest("/api/user")).catch((r) => r);
    expect(await anonymous.json()).toEqual({ error: "Authentication required" });
    const page = await requireUser(makeRequest("/houses?x=1")).catch((r) => r);
    expectRedirect(page, "/auth?redirect=%2Fhouses%3Fx%3D1");
  });

  it("refuses a cross-origin post that rides on the session cookie", async () => {
    const user = await createUser({ email: "csrf@example.com", password: "secret1" });
    const cookie = cookieFrom(await createUserSession(user!.id, "/"));
    const sameSite = makeRequest("/logout", { method: "POST", cookie });
    expect((await getUser(sameSite))?.id).toBe(user!.id);
    for (const origin of ["https://evil.example", null]) {
      const request = makeRequest("/logout", { method: "POST", cookie, origin });
      const refused = await getUser(request).catch((r) => r);
      expect(refused.status).toBe(403);
    }
  });

  it("over https names the session cookie __Host-sgw_session (Secure, Path=/, no Domain) and reads no other", async () => {
    const user = await createUser({ email: "host-prefix@example.com", password: "secret1" });
    const saved = process.env.APP_URL;
    process.env.APP_URL = "https://planner.example.org";
    resetEnvCache();
    try {
      const response = await createUserSession(user!.id, "/");
      const header = response.headers.getSetCookie()[0];
      expect(header).toMatch(/^__Host-sgw_session=/);
      expect(header).toMatch(/; Path=\/(;|$)/);
      expect(header).toMatch(/; Secure/);
      expect(header).not.toMatch(/Domain=/i);
      const value = cookieFrom(response).slice("__Host-sgw_session=".length);
      expect((await getUser(makeRequest("/", { cookie: `__Host-sgw_session=${value}` })))?.id).toBe(user!.id);
      // A cookie without the prefix may come from a sibling host, another port or plain http.
      expect(await getUser(makeRequest("/", { cookie: `sgw_session=${value}` }))).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved;
      resetEnvCache();
    }
    // Plain http keeps the old name (a __Host- cookie needs https).
    expect((await createUserSession(user!.id, "/")).headers.getSetCookie()[0]).toMatch(/^sgw_session=/);
  });

  it("keeps e-mails unique whatever their letter case", async () => {
    expect(await createUser({ email: "dup@example.com", password: "secret1" })).toBeDefined();
    expect(await createUser({ email: "DUP@example.com", password: "secret1" })).toBeUndefined();
  });
});
