import { describe, expect, it, vi } from "vitest";
import { createPasswordReset } from "~/features/accounts/services/kinds/reset-password.server";
import { createUser } from "~/platform/models/user.server";
import { runAsClient } from "~/platform/services/request-path.server";
import { createUserSession, getUser } from "~/platform/services/session.server";
import {
  callRoute,
  cookieFrom,
  expectRedirect,
  expectRefusedRegistration,
  makeRequest,
} from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import * as auth from "~/routes/auth";
import * as logoutRoute from "~/routes/logout";
import * as resetPage from "~/routes/reset-password";

useFreshDatabase();

type AuthData = { intent: string; error: string; values: { email: string; name: string } };

const submit = (
  form: Record<string, string>,
  options: { cookie?: string; origin?: string | null; path?: string } = {},
) =>
  runAsClient("10.1.1.1", () =>
    callRoute(auth.action as never, makeRequest(options.path ?? "/auth", { form, ...options })),
  );

async function authPage(path: string, cookie?: string) {
  const response = await callRoute(auth.loader as never, makeRequest(path, { cookie }));
  return response;
}

async function loggedInCookie(email: string) {
  const user = await createUser({ email, password: "secret1" });
  return { user: user!, cookie: cookieFrom(await createUserSession(user!.id, "/")) };
}

describe("/auth login", () => {
  it("goes to the redirect value, and only to same-site paths", async () => {
    await createUser({ email: "ana@example.com", password: "secret1" });
    const cases = [
      ["/houses?sort=new", "/houses?sort=new"],
      ["//evil.example", "/"],
      ["https://evil.example", "/"],
      ["", "/"],
    ];
    for (const [target, landing] of cases) {
      const response = await submit({
        intent: "login",
        email: "ANA@example.com",
        password: "secret1",
        redirect: target,
      });
      expectRedirect(response, landing);
      const cookie = response.headers.get("Set-Cookie")!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Max-Age=2592000/);
      const user = await getUser(makeRequest("/", { cookie: cookieFrom(response) }));
      expect(user?.email).toBe("ana@example.com");
    }
  });

  it("re-renders with the banner and the e-mail kept (never the password)", async () => {
    const response = await submit({ intent: "login", email: "ana@example.com", password: "wrong-pass" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({
      form: "login",
      error: "Login failed: Invalid email or password",
      values: { email: "ana@example.com", name: "" },
    });
    expect(JSON.stringify(body)).not.toContain("wrong-pass");
  });

  it("shows the rate-limit message after five failures", async () => {
    await createUser({ email: "limit@example.com", password: "secret1" });
    for (let i = 0; i < 5; i++)
      await submit({ intent: "login", email: "limit@example.com", password: "nope-nope" });
    const response = await submit({ intent: "login", email: "limit@example.com", password: "secret1" });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBeTruthy();
    expect(((await response.json()) as AuthData).error).toBe(
      "Login failed: Too many attempts, try again in 15 minutes",
    );
  });

  it("sends a logged-in member home", async () => {
    const { cookie } = await loggedInCookie("home@example.com");
    const response = await authPage("/auth", cookie);
    expectRedirect(response, "/");
  });
});

describe("/auth modes", () => {
  it("picks the mode from the query; a token means reset", async () => {
    const modes = [
      ["/auth", "login"],
      ["/auth?mode=register", "register"],
      ["/auth?mode=forgot", "forgot"],
      ["/auth?mode=bogus", "login"],
      ["/auth?mode=register&token=abc", "reset"],
    ];
    for (const [path, mode] of modes) {
      expect(((await (await authPage(path)).json()) as { mode: string }).mode).toBe(mode);
    }
  });

  it("register goes to login mode with the e-mail kept and the success banner, once", async () => {
    const response = await submit({
      intent: "register",
      name: "Bo",
      email: "Bo@Example.com",
      password: "secret1",
      redirect: "/houses",
    });
    expectRedirect(response, "/auth?redirect=%2Fhouses");
    const flash = cookieFrom(response);
    const page = await authPage("/auth?redirect=%2Fhouses", flash);
    expect(await page.json()).toMatchObject({
      mode: "login",
      redirectTo: "/houses",
      flash: { message: "Registration successful! You can now log in.", email: "bo@example.com" },
    });
    expect(page.headers.get("Set-Cookie")).toMatch(/sgw_flash=;.*Max-Age=0/);
  });

  it("register failures keep the input and say why", async () => {
    const duplicate = await submit({
      intent: "register",
      name: "Bo",
      email: "bo@example.com",
      password: "secret1",
    });
    await expectRefusedRegistration(
      duplicate,
      "Registration failed: An account with that email already exists",
      {
        email: "bo@example.com",
        name: "Bo",
      },
    );
    const short = await submit({ intent: "register", email: "new@example.com", password: "12345" });
    expect(((await short.json()) as AuthData).error).toBe(
      "Registration failed: Password must be at least 6 characters",
    );
  });

  it("forgot password answers the same for anyone and goes back to login", async () => {
    const quiet = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      for (const email of ["bo@example.com", "ghost@example.com"]) {
        const response = await submit({ intent: "forgot", email });
        expectRedirect(response, "/auth");
        const page = await authPage("/auth", cookieFrom(response));
        expect(((await page.json()) as { flash: { message: string } }).flash.message).toBe(
          "Password reset link sent. Please check your email.",
        );
      }
    } finally {
      quiet.mockRestore();
    }
    const missing = await submit({ intent: "forgot", email: "" });
    expect(((await missing.json()) as AuthData).error).toBe("Error: Email is required");
  });

  it("reset mode refuses a mismatch and a bad token, then resets and logs this browser out", async () => {
    const { user, cookie } = await loggedInCookie("cy@example.com");
    // The reset form's post: a new password of "secret2", confirmed as `confirmPassword`.
    const reset = (token: string, confirmPassword: string, cookie?: string) =>
      submit({ intent: "reset", token, newPassword: "secret2", confirmPassword }, { cookie });
    const mismatch = await reset("x", "secret3");
    expect(((await mismatch.json()) as AuthData).error).toBe("Passwords do not match");
    const bad = await reset("x", "secret2");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as AuthData).error).toBe("Error resetting password: Invalid or expired token");

    const { token } = await createPasswordReset(user.id);
    const done = await reset(token, "secret2", cookie);
    expectRedirect(done, "/auth");
    expect(done.headers.getSetCookie().map((value) => value.split("=")[0])).toEqual([
      "sgw_session",
      "sgw_flash",
    ]);
    expect(await getUser(makeRequest("/", { cookie }))).toBeUndefined();
  });
});

describe("/reset-password", () => {
  const post = (form: Record<string, string>, cookie?: string, origin?: string | null) =>
    callRoute(resetPage.action as never, makeRequest("/reset-password", { form, cookie, origin }));

  it("says so when the URL has no token", async () => {
    expect(await (await callRoute(resetPage.loader as never, makeRequest("/reset-password"))).json()).toEqual(
      { token: null },
    );
    const response = await post({ newPassword: "secret2", confirmPassword: "secret2" });
    expect(await response.json()).toEqual({ error: "No token provided in URL" });
  });

  it("refuses a mismatch and a used token, and resets with a good one", async () => {
    const { user } = await loggedInCookie("dee@example.com");
    const { token } = await createPasswordReset(user.id);
    const mismatch = await post({ token, newPassword: "secret2", confirmPassword: "secret9" });
    expect(await mismatch.json()).toEqual({ error: "Passwords do not match" });
    const done = await post({ token, newPassword: "secret2", confirmPassword: "secret2" });
    expectRedirect(done, "/auth");
    const flash = done.headers.getSetCookie().find((value) => value.startsWith("sgw_flash="));
    const page = await authPage("/auth", flash!.split(";")[0]);
    expect(((await page.json()) as { flash: { message: string } }).flash.message).toBe(
      "Password has been reset successfully! You can now log in.",
    );
    const replay = await post({ token, newPassword: "secret3", confirmPassword: "secret3" });
    expect(await replay.json()).toEqual({ error: "Error resetting password: Invalid or expired token" });
  });
});

describe("CSRF", () => {
  it("refuses a cross-origin POST that carries the session cookie on /auth, /reset-password and /logout", async () => {
    const { cookie } = await loggedInCookie("eve@example.com");
    const form = {
      intent: "login",
      email: "eve@example.com",
      password: "secret1",
      newPassword: "x",
      confirmPassword: "x",
      token: "t",
    };
    for (const origin of ["https://evil.example", null]) {
      const requests = [
        [auth.action, "/auth"],
        [resetPage.action, "/reset-password"],
        [logoutRoute.action, "/logout"],
      ] as const;
      for (const [action, path] of requests) {
        const response = await runAsClient("10.1.1.2", () =>
          callRoute(action as never, makeRequest(path, { form, cookie, origin })),
        );
        expect(response.status, `${path} from ${origin}`).toBe(403);
      }
    }
    expect(await getUser(makeRequest("/", { cookie }))).toBeDefined();
    const sameOrigin = await callRoute(
      logoutRoute.action as never,
      makeRequest("/logout", { method: "POST", cookie }),
    );
    expect(sameOrigin.status).toBe(302);
    expect(await getUser(makeRequest("/", { cookie }))).toBeUndefined();
  });

  it("refuses a cross-origin login even without a cookie (login CSRF)", async () => {
    await loggedInCookie("mallory@example.com");
    const form = { intent: "login", email: "mallory@example.com", password: "secret1" };
    const response = await runAsClient("10.1.1.3", () =>
      callRoute(auth.action as never, makeRequest("/auth", { form, origin: "https://evil.example" })),
    );
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});
