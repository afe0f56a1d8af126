import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { runAsClient } from "~/platform/services/request-path.server";
import {
  confirmEmailWithToken,
  createEmailConfirmation,
} from "~/features/accounts/services/kinds/confirm-address.server";
import { getUserByEmail } from "~/platform/models/user.server";
import { getUser } from "~/platform/services/session.server";
import { callRoute, cookieFrom, expectRedirect, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import * as confirmPage from "~/routes/organiser_.confirm";
import * as houseRoute from "~/routes/api.houses.$id";
import * as loginRoute from "~/routes/api.login";
import * as forgotRoute from "~/routes/api.forgot-password";
import * as resetRoute from "~/routes/api.reset-password";
import { organiserAction, organiserLoader } from "../../tests/support/organiser-pages";
import * as registerRoute from "~/routes/api.register";
import * as surveysCsv from "~/routes/organiser_.surveys[.]csv";
import * as housesCsv from "~/routes/organiser_.houses[.]csv";
import * as headcountCsv from "~/routes/organiser_.headcount[.]csv";
import * as memberSurveyPage from "~/routes/organiser_.members.$id.survey";
import * as authPage from "~/routes/auth";

type Fake = { server: { close(): void }; mails: Array<{ to: string | string[]; text: string }>; url: string };

useFreshDatabase();
const saved = { ...process.env };
let fake: Fake;

beforeAll(async () => {
  const { startFakeResend } = await import("../../tests/support/fake-resend.mjs");
  fake = (await startFakeResend(0)) as Fake;
  Object.assign(process.env, {
    ADMIN_EMAILS: "chief@example.com, deputy@example.com, owner@example.com",
    RESEND_API_KEY: "re_test_key",
    RESEND_BASE_URL: fake.url,
  });
  resetEnvCache();
});

afterAll(() => {
  fake.server.close();
  for (const name of ["ADMIN_EMAILS", "RESEND_API_KEY", "RESEND_BASE_URL"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvCache();
});

const api = (route: { action: unknown }, path: string, json: unknown, bearer?: string) =>
  runAsClient("10.40.0.1", () =>
    callRoute(route.action as never, makeRequest(path, { json, bearer, method: bearer ? "PATCH" : "POST" })),
  );

async function pageLogin(email: string, password: string) {
  const response = await runAsClient("10.40.0.2", () =>
    callRoute(
      authPage.action as never,
      makeRequest("/auth", { form: { intent: "login", email, password, redirect: "/" } }),
    ),
  );
  return cookieFrom(response);
}

describe("organiser rights need a confirmed address", () => {
  it("an account registered with the organiser's address is a plain member until confirmed", async () => {
    // The attack: the address in ADMIN_EMAILS has not registered yet, so anyone may take it.
    const registered = await api(registerRoute, "/api/register", {
      email: "chief@example.com",
      password: "taken-over",
    });
    expect(registered.status).toBe(201);
    const cookie = await pageLogin("chief@example.com", "taken-over");
    // The organiser page sends it to confirm the address, and so does every CSV (members' e-mails
    // and answers); the organiser's posts and house controls are refused.
    for (const path of ["/organiser", "/organiser/members/1/survey"]) {
      const route = path === "/organiser" ? { loader: organiserLoader } : memberSurveyPage;
      const page = await callRoute(route.loader as never, makeRequest(path, { cookie }), { id: "1" });
      expect(page.status, path).toBe(302);
      expect(page.headers.get("Location"), path).toBe("/organiser/confirm");
    }
    for (const [path, route] of [
      ["/organiser/surveys.csv", surveysCsv],
      ["/organiser/houses.csv", housesCsv],
      ["/organiser/headcount.csv", headcountCsv],
    ] as const) {
      const csv = await callRoute(route.loader as never, makeRequest(path, { cookie }));
      expect(csv.status, path).toBe(302);
      expect(csv.headers.get("Location"), path).toBe("/organiser/confirm");
      expect(await csv.text(), path).not.toContain("@");
    }
    const post = await callRoute(
      organiserAction as never,
      makeRequest("/organiser", { cookie, form: { intent: "close-now" } }),
    );
    expect(post.status).toBe(403);
    const login = await api(loginRoute, "/api/login", { email: "chief@example.com", password: "taken-over" });
    const { token } = (await login.json()) as { token: string };
    const patch = await runAsClient("10.40.0.1", () =>
      callRoute(
        houseRoute.action as never,
        makeRequest("/api/houses/1", { method: "PATCH", json: { in_play: false }, bearer: token }),
        { id: "1" },
      ),
    );
    expect(patch.status).toBe(403);
    // The confirmation page only offers to mail the address: the link goes to its owner's mailbox.
    const confirm = await callRoute(
      confirmPage.loader as never,
      makeRequest("/organiser/confirm", { cookie }),
    );
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toMatchObject({ email: "chief@example.com", token: null });
    // Three password hashes and every organiser route's first call: slow on a busy machine.
  }, 60_000);

  it("the link mailed to the address confirms it once, for the member logged in as that address only", async () => {
    expect(
      (await api(registerRoute, "/api/register", { email: "deputy@example.com", password: "secret1" }))
        .status,
    ).toBe(201);
    const cookie = await pageLogin("deputy@example.com", "secret1");
    const sent = await callRoute(
      confirmPage.action as never,
      makeRequest("/organiser/confirm", { cookie, form: { intent: "send" } }),
    );
    expect(sent.status).toBe(302);
    const token = await confirmationTokenMailedTo("deputy@example.com");
    // A wrong token changes nothing.
    const wrong = await callRoute(
      confirmPage.action as never,
      makeRequest("/organiser/confirm", { cookie, form: confirmForm(`${token}x`) }),
    );
    expect(wrong.status).toBe(400);
    // Another listed member who got hold of the link cannot confirm their own account with it.
    const other = await pageLogin("chief@example.com", "taken-over");
    const stolen = await callRoute(
      confirmPage.action as never,
      makeRequest("/organiser/confirm", { cookie: other, form: confirmForm(token) }),
    );
    expect(stolen.status).toBe(400);
    const otherPage = await callRoute(organiserLoader as never, makeRequest("/organiser", { cookie: other }));
    expect(otherPage.status).toBe(302);
    // A link past its half hour is refused.
    const deputy = (await getUserByEmail("deputy@example.com"))!;
    const late = await createEmailConfirmation(deputy.id, deputy.email);
    expect(await confirmEmailWithToken(late.token, deputy.id, new Date(Date.now() + 31 * 60 * 1000))).toBe(
      false,
    );

    // The new password must be typed twice alike, by the reset form's rules; nothing is spent.
    for (const [form, error] of [
      [{ ...confirmForm(token), confirmPassword: "other-pass" }, "Passwords do not match"],
      [confirmForm(token, "short"), "Password must be at least 6 characters"],
    ] as const) {
      const refused = await callRoute(
        confirmPage.action as never,
        makeRequest("/organiser/confirm", { cookie, form }),
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error });
    }

    const confirmed = await callRoute(
      confirmPage.action as never,
      makeRequest("/organiser/confirm", { cookie, form: confirmForm(token) }),
    );
    expect(confirmed.headers.get("Location")).toBe("/organiser");
    // This browser is signed in afresh; its old session ended with every other one.
    const fresh = cookieFrom(confirmed);
    expect(fresh).not.toBe(cookie);
    expect(await getUser(makeRequest("/", { cookie }))).toBeUndefined();
    const page = await callRoute(organiserLoader as never, makeRequest("/organiser", { cookie: fresh }));
    expect(page.status).toBe(200);
    // Spent: the same link does nothing a second time.
    expect(await confirmEmailWithToken(token, deputy.id)).toBe(false);
  });

  it("the owner takes the address back with a reset link: it confirms the address and ends the taker's sessions", async () => {
    const taker = await pageLogin("chief@example.com", "taken-over");
    expect((await api(forgotRoute, "/api/forgot-password", { email: "chief@example.com" })).status).toBe(200);
    const mail = await vi.waitFor(() => {
      const found = fake.mails.find(
        (item) => [item.to].flat()[0] === "chief@example.com" && /reset-password/.test(item.text),
      );
      if (!found) throw new Error("no mail yet");
      return found;
    });
    const token = mail.text.match(/\/reset-password\?token=([\w-]+)/)![1];
    expect(
      (await api(resetRoute, "/api/reset-password", { token, newPassword: "owner-secret" })).status,
    ).toBe(200);
    const stale = await callRoute(organiserLoader as never, makeRequest("/organiser", { cookie: taker }));
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toMatch(/^\/auth/);
    const owner = await pageLogin("chief@example.com", "owner-secret");
    const page = await callRoute(organiserLoader as never, makeRequest("/organiser", { cookie: owner }));
    expect(page.status).toBe(200);
  }, 60_000);
});

describe("a session cookie tossed into the owner's browser", () => {
  it("does not make the one who planted it an organiser: confirming sets a new password and ends every other session", async () => {
    // The attacker registers the listed address nobody has taken yet, and has the link mailed: it
    // goes to the owner. Then they plant their own session cookie in the owner's browser (a sibling
    // host or another port, `Path=/organiser`).
    const api = (route: { action: unknown }, path: string, json: unknown) =>
      runAsClient("10.40.0.9", () => callRoute(route.action as never, makeRequest(path, { json })));
    expect(
      (await api(registerRoute, "/api/register", { email: "owner@example.com", password: "attacker1" }))
        .status,
    ).toBe(201);
    const attacker = await pageLogin("owner@example.com", "attacker1");
    const bearer = (
      (await (
        await api(loginRoute, "/api/login", { email: "owner@example.com", password: "attacker1" })
      ).json()) as { token: string }
    ).token;
    await callRoute(
      confirmPage.action as never,
      makeRequest("/organiser/confirm", { cookie: attacker, form: { intent: "send" } }),
    );
    const token = await confirmationTokenMailedTo("owner@example.com");
    const ownersBrowser = attacker;

    // The owner opens the mail: the page says when the link was asked for.
    const shown = await callRoute(
      confirmPage.loader as never,
      makeRequest(`/organiser/confirm?token=${token}`, { cookie: ownersBrowser }),
    );
    const view = (await shown.json()) as { email: string; token: string; askedAt: string };
    expect(view).toMatchObject({ email: "owner@example.com", token });
    expect(view.askedAt).toMatch(/\d{4} at \d{1,2}:\d{2} [AP]M/);

    const confirmed = await callRoute(
      confirmPage.action as never,
      makeRequest("/organiser/confirm", { cookie: ownersBrowser, form: confirmForm(token, "owners-own") }),
    );
    expectRedirect(confirmed, "/organiser");
    const owner = cookieFrom(confirmed);
    expect(owner).not.toBe(attacker);
    // The planted cookie that would shadow the fresh one under /organiser is expired there.
    expect(confirmed.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(/^sgw_session=; Max-Age=0; Path=\/organiser;/),
    );

    // The attacker's session (cookie and bearer) is gone and cannot open /organiser; their password
    // no longer works. The owner's fresh session can.
    const theirs = await callRoute(organiserLoader as never, makeRequest("/organiser", { cookie: attacker }));
    expect(theirs.status).toBe(302);
    expect(theirs.headers.get("Location")).toMatch(/^\/auth/);
    expect(await getUser(makeRequest("/api/user", { bearer }))).toBeUndefined();
    expect(
      (await api(loginRoute, "/api/login", { email: "owner@example.com", password: "attacker1" })).status,
    ).toBe(401);
    const ours = await callRoute(organiserLoader as never, makeRequest("/organiser", { cookie: owner }));
    expect(ours.status).toBe(200);
  }, 60_000);
});

/** The Confirm form's post: the mailed token and the new password, typed twice. */
function confirmForm(token: string, password = "confirm-pass") {
  return { intent: "confirm", token, newPassword: password, confirmPassword: password };
}

/** Waits for the confirmation mail to reach the fake Resend server and returns its link's token. */
async function confirmationTokenMailedTo(email: string) {
  const mail = await vi.waitFor(() => {
    const found = fake.mails.find(
      (item) => [item.to].flat()[0] === email && /organiser\/confirm/.test(item.text),
    );
    if (!found) throw new Error("no mail yet");
    return found;
  });
  return mail.text.match(/\/organiser\/confirm\?token=([\w-]+)/)![1];
}
