import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { setSurveyDeadline } from "~/features/season/models/event-settings.server";
import { sendSurveyReminders } from "~/features/organiser/index.server";
import { personalLinkFor } from "~/features/accounts/index.server";
import { createPasswordReset } from "~/features/accounts/services/kinds/reset-password.server";
import { resetPassword } from "~/features/accounts/services/auth.server";
import { getDb } from "~/platform/db/client.server";
import { oneTimeSecrets, sessions, users } from "~/platform/db/schema";
import { createUser, getUserByEmail } from "~/platform/models/user.server";
import { runAsClient } from "~/platform/services/request-path.server";
import { createUserSession, getUser } from "~/platform/services/session.server";
import { callRoute, cookieFrom, expectRedirect, makeRequest, ORIGIN } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { useFakeMail } from "../../tests/support/mail";
import * as accountPage from "~/routes/account";
import * as continuePage from "~/routes/continue.$token";
import * as dataRoute from "~/routes/account_.data";
import * as deletePage from "~/routes/account_.delete";
import * as emailPage from "~/routes/account_.email";
import * as signInCodePage from "~/routes/sign-in.code";

useFreshDatabase();
const mail = useFakeMail({ APP_URL: ORIGIN });

afterEach(() => vi.useRealTimers());

const DEADLINE = new Date("2099-07-01T22:00:00Z");

async function member(email: string, name = "Member") {
  const user = (await createUser({ email, password: "secret1", name }))!;
  const cookie = cookieFrom(
    await createUserSession(user.id, "/", [], {
      lifetime: "long",
      userAgent: "Mozilla/5.0 (iPhone) Safari/604.1",
    }),
  );
  return { user, cookie };
}

const linkTo = (to: string) => {
  const sent = mail.mails.filter((sent) => sent.to === to).at(-1);
  const link = /(http\S+\/continue\/[\w-]+)/.exec(sent?.text ?? "")?.[1];
  if (!link) throw new Error(`No personal link to ${to}`);
  return new URL(link).pathname;
};

const tokenOf = (path: string) => path.split("/").at(-1)!;

const press = (path: string, form: Record<string, string> = { keep: "on" }, ip = "10.3.0.1") =>
  runAsClient(ip, () =>
    callRoute(continuePage.action as never, makeRequest(path, { form, method: "POST" }), {
      token: tokenOf(path),
    }),
  );
const look = (path: string) =>
  callRoute(continuePage.loader as never, makeRequest(path), { token: tokenOf(path) });

describe("personal links in reminders, as a scanner or a thief would use them", () => {
  it("a reminder's link shows one button, signs in only on the press, more than once, and lands on the survey", async () => {
    await setSurveyDeadline(DEADLINE);
    await member("remind@example.com", "Rem");
    expect(await sendSurveyReminders()).toMatchObject({ ok: true });
    const path = linkTo("remind@example.com");
    const before = (await (await getDb()).select().from(sessions)).length;
    const page = await look(path);
    expect(await page.json()).toEqual({ state: "live", name: "Rem" });
    expect(page.headers.get("Set-Cookie")).toBeNull();
    expect((await (await getDb()).select().from(sessions)).length).toBe(before);
    for (let time = 0; time < 2; time++) {
      const pressed = await press(path);
      expectRedirect(pressed, "/survey");
      expect((await getUser(makeRequest("/", { cookie: cookieFrom(pressed) })))?.email).toBe(
        "remind@example.com",
      );
    }
    const rows = JSON.stringify(await (await getDb()).select().from(oneTimeSecrets));
    expect(rows).not.toContain(tokenOf(path));
  }, 60_000);

  it("an expired link says so and sends a code in one press", async () => {
    const { user } = await member("expired@example.com");
    const path = new URL(await personalLinkFor(user, "/survey", { deadline: DEADLINE })).pathname;
    vi.useFakeTimers({ now: Date.now() + 15 * 24 * 60 * 60 * 1000, toFake: ["Date"] });
    expect(await (await look(path)).json()).toEqual({ state: "expired", name: null });
    expect((await press(path)).status).toBe(400);
    const asked = await press(path, { intent: "code" });
    // The address stays out of the URL (history, logs, Referer): the code page has it from a cookie.
    expect(asked.headers.get("Location")).toBe("/sign-in/code?redirect=%2Fsurvey");
    const codePage = await callRoute(
      signInCodePage.loader as never,
      makeRequest("/sign-in/code?redirect=%2Fsurvey", { cookie: cookieFrom(asked) }),
    );
    expect(await codePage.json()).toMatchObject({ email: "expired@example.com", sent: true });
    vi.useRealTimers();
    for (
      let wait = 0;
      wait < 200 && !mail.mails.some((m) => m.to === user.email && /code is \d{6}/.test(m.text));
      wait++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(mail.mails.some((m) => m.to === user.email && /code is \d{6}/.test(m.text))).toBe(true);
  });

  it("a password reset revokes every personal link", async () => {
    const { user } = await member("reset@example.com");
    const path = new URL(await personalLinkFor(user, "/sgw25")).pathname;
    const { token } = await createPasswordReset(user.id);
    await resetPassword({ token, newPassword: "brand-new" }, "10.3.1.1");
    expect(await (await look(path)).json()).toEqual({ state: "unknown", name: null });
    expect((await press(path)).status).toBe(400);
  });
});

const account = (cookie: string, form: Record<string, string>) =>
  callRoute(accountPage.action as never, makeRequest("/account", { cookie, form }));

describe("/account", () => {
  it("changes the name and the password, and 'Log out everywhere else' ends the other sessions and links", async () => {
    const { user, cookie } = await member("acct@example.com", "Old");
    const other = cookieFrom(await createUserSession(user.id, "/"));
    expect((await account(cookie, { intent: "name", name: "N".repeat(101) })).status).toBe(400);
    expect((await account(cookie, { intent: "name", name: "New name" })).status).toBe(302);
    expect((await getUserByEmail("acct@example.com"))?.name).toBe("New name");

    const page = await (
      await callRoute(accountPage.loader as never, makeRequest("/account", { cookie }))
    ).json();
    expect(page.sessions).toHaveLength(2);
    expect(page.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    expect(JSON.stringify(page.sessions)).toContain("Safari on iPhone");

    const newPassword = (currentPassword: string) =>
      account(cookie, {
        intent: "password",
        currentPassword,
        newPassword: "second1",
        confirmPassword: "second1",
      });
    const wrong = await newPassword("nope");
    expect(wrong.status).toBe(400);
    const changed = await newPassword("secret1");
    expect(changed.status).toBe(302);
    expect(await getUser(makeRequest("/", { cookie: other }))).toBeUndefined();
    expect((await getUser(makeRequest("/", { cookie })))?.id).toBe(user.id);

    const third = cookieFrom(await createUserSession(user.id, "/"));
    expect((await account(cookie, { intent: "sessions" })).status).toBe(302);
    expect(await getUser(makeRequest("/", { cookie: third }))).toBeUndefined();
    expect((await getUser(makeRequest("/", { cookie })))?.id).toBe(user.id);
  });

  it("a forgotten password is replaced with a fresh code instead, which works once", async () => {
    const { cookie } = await member("forgetful@example.com");
    const asked = await runAsClient("10.3.2.1", () => account(cookie, { intent: "password-code" }));
    expect(asked.status).toBe(302);
    let sent;
    for (let wait = 0; wait < 200 && !sent; wait++) {
      sent = mail.mails.find((m) => m.to === "forgetful@example.com" && /code is \d{6}/.test(m.text));
      if (!sent) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const code = /code is (\d{6})/.exec(sent!.text)![1];
    const form = { intent: "password", code, newPassword: "by-code-1", confirmPassword: "by-code-1" };
    expect((await runAsClient("10.3.2.1", () => account(cookie, form))).status).toBe(302);
    expect(
      (
        await runAsClient("10.3.2.1", () =>
          account(cookie, { ...form, newPassword: "x".repeat(8), confirmPassword: "x".repeat(8) }),
        )
      ).status,
    ).toBe(400);
  });

  it("changes the address through the mailed link, tells the old one, and refuses a taken address only at confirmation", async () => {
    const { cookie } = await member("move@example.com");
    expect((await account(cookie, { intent: "email", email: "moved@example.com" })).status).toBe(302);
    const link = /(http\S+\/account\/email\?token=[\w-]+)/.exec(
      mail.mails.find((m) => m.to === "moved@example.com")!.text,
    )![1];
    const path = new URL(link).pathname + new URL(link).search;
    // Opening it changes nothing.
    expect(
      await (await callRoute(emailPage.loader as never, makeRequest(path, { cookie }))).json(),
    ).toMatchObject({
      email: "moved@example.com",
    });
    expect(await getUserByEmail("move@example.com")).toBeDefined();
    expect(
      (await callRoute(emailPage.action as never, makeRequest(path, { cookie, method: "POST", form: {} })))
        .status,
    ).toBe(302);
    expect(await getUserByEmail("moved@example.com")).toBeDefined();
    expect(mail.mails.some((m) => m.to === "move@example.com" && m.subject.includes("was changed"))).toBe(
      true,
    );

    await member("taken@example.com");
    const asked = await account(cookie, { intent: "email", email: "taken@example.com" });
    expect(asked.status).toBe(302);
    const second = /(http\S+\/account\/email\?token=[\w-]+)/.exec(
      mail.mails.filter((m) => m.to === "taken@example.com").at(-1)!.text,
    )![1];
    const refused = await callRoute(
      emailPage.action as never,
      makeRequest(new URL(second).pathname + new URL(second).search, { cookie, method: "POST", form: {} }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("already has an account");
    expect((await getUserByEmail("moved@example.com"))?.email).toBe("moved@example.com");
  });

  it("an address change ends the links mailed to the old address and every other session", async () => {
    const { user, cookie } = await member("old@example.com");
    const other = cookieFrom(await createUserSession(user.id, "/"));
    const personal = new URL(await personalLinkFor(user, "/sgw25")).pathname;
    const { token: reset } = await createPasswordReset(user.id);
    expect((await account(cookie, { intent: "email", email: "new@example.com" })).status).toBe(302);
    const link = new URL(
      /(http\S+\/account\/email\?token=[\w-]+)/.exec(
        mail.mails.find((m) => m.to === "new@example.com")!.text,
      )![1],
    );
    const confirmed = await callRoute(
      emailPage.action as never,
      makeRequest(link.pathname + link.search, { cookie, method: "POST", form: {} }),
    );
    expect(confirmed.status).toBe(302);
    // The thief who holds the old mailbox: its personal link and reset link no longer sign in.
    expect(await (await look(personal)).json()).toEqual({ state: "unknown", name: null });
    expect((await press(personal)).status).toBe(400);
    await expect(resetPassword({ token: reset, newPassword: "brand-new" }, "10.3.1.2")).rejects.toThrow();
    const left = await (
      await getDb()
    )
      .select()
      .from(oneTimeSecrets)
      .where(eq(oneTimeSecrets.userId, user.id));
    expect(left).toEqual([]);
    // Every other session ends; the one that confirmed stays.
    expect(await getUser(makeRequest("/", { cookie: other }))).toBeUndefined();
    expect((await getUser(makeRequest("/", { cookie })))?.email).toBe("new@example.com");
  });

  it("answers 'Download my data' with 503 and Retry-After while the database is down", async () => {
    const { cookie } = await member("outage@example.com");
    const down = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const select = vi.spyOn(await getDb(), "select").mockImplementation(() => {
      throw down;
    });
    try {
      const answer = await callRoute(dataRoute.loader as never, makeRequest("/account/data", { cookie }));
      expect(answer.status).toBe(503);
      expect(answer.headers.get("Retry-After")).toBe("5");
    } finally {
      select.mockRestore();
    }
  });

  it("downloads the member's own data without secrets, and deletes the account with its survey", async () => {
    const { user, cookie } = await member("leave@example.com", "Leaver");
    const download = await callRoute(dataRoute.loader as never, makeRequest("/account/data", { cookie }));
    expect(download.headers.get("Content-Disposition")).toMatch(/attachment/);
    const body = await download.text();
    expect(JSON.parse(body)).toMatchObject({ account: { email: "leave@example.com", name: "Leaver" } });
    expect(body).not.toMatch(/password|token/i);

    const deleted = await callRoute(
      deletePage.action as never,
      makeRequest("/account/delete", { cookie, method: "POST", form: {} }),
    );
    expect(deleted.status).toBe(302);
    // The row stays for the trip's shared records, anonymised (decision 025).
    const [former] = await (await getDb()).select().from(users).where(eq(users.id, user.id));
    expect(former).toMatchObject({ name: null, passwordHash: "", emailConfirmedAt: null });
    expect(former.email).toMatch(/@invalid$/);
    expect(former.leftAt).not.toBeNull();
  });
});
