import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { oneTimeSecrets, sessions } from "~/platform/db/schema";
import { createUser } from "~/platform/models/user.server";
import { runAsClient } from "~/platform/services/request-path.server";
import { getUser } from "~/platform/services/session.server";
import { callRoute, cookieFrom, expectRedirect, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { useFakeMail, type SentMail } from "../../tests/support/mail";
import * as codePage from "~/routes/sign-in.code";
import * as linkPage from "~/routes/sign-in.link";

useFreshDatabase();
const mail = useFakeMail();

afterEach(() => vi.useRealTimers());

const post = (route: { action?: unknown }, path: string, form: Record<string, string>, ip: string) =>
  runAsClient(ip, () => callRoute(route.action as never, makeRequest(path, { form, method: "POST" })));

const askForCode = (email: string, ip = "10.2.0.1", extra: Record<string, string> = {}) =>
  post(codePage, "/sign-in/code", { email, ...extra }, ip);

const typeCode = (email: string, code: string, ip = "10.2.0.1", extra: Record<string, string> = {}) =>
  post(codePage, "/sign-in/code", { email, code, ...extra }, ip);

function codeAndLink(sent: SentMail) {
  const code = /sign-in code is (\d{6})/.exec(sent.text)?.[1];
  const link = /(https?:\/\/\S+\/sign-in\/link\?\S+)/.exec(sent.text)?.[1];
  if (!code || !link) throw new Error(`No code in: ${sent.text}`);
  const url = new URL(link);
  return { code, link, path: `${url.pathname}${url.search}` };
}

async function sessionCount() {
  return (await (await getDb()).select().from(sessions)).length;
}

describe("sign-in codes, as an attacker would try them", () => {
  it("answers a member's address and an unknown one with the same bytes; the stranger's mail says there is no account", async () => {
    await createUser({ email: "known@example.com", password: "secret1" });
    const known = await askForCode("known@example.com", "10.2.1.1");
    const unknown = await askForCode("nobody@example.com", "10.2.1.1");
    const shape = async (response: Response) => ({
      status: response.status,
      location: response.headers.get("Location")?.replace(/email=[^&]*/, ""),
      cookie: response.headers.get("Set-Cookie"),
      body: await response.text(),
    });
    expect(await shape(known)).toEqual(await shape(unknown));
    expectRedirect(known, "/sign-in/code?email=known%40example.com");
    const [stranger] = await mail.mailsTo("nobody@example.com");
    expect(stranger.subject).toMatch(/No .* account for this address/);
    expect(stranger.text).toContain("/auth?mode=register&email=nobody%40example.com");
    expect(stranger.text).not.toMatch(/\d{6}/);
    const [member] = await mail.mailsTo("known@example.com");
    expect(codeAndLink(member).code).toMatch(/^\d{6}$/);
  });

  it("a code works once, and a resend within its 15 minutes sends the same code and says so", async () => {
    await createUser({ email: "once@example.com", password: "secret1", name: "Once" });
    await askForCode("once@example.com", "10.2.2.1");
    const [first] = await mail.mailsTo("once@example.com");
    await askForCode("once@example.com", "10.2.2.1");
    const [, second] = await mail.mailsTo("once@example.com", 2);
    expect(codeAndLink(second).code).toBe(codeAndLink(first).code);
    expect(second.text).toContain("same code");
    expect(first.text).not.toContain("same code");

    const { code } = codeAndLink(first);
    const signedIn = await typeCode("once@example.com", code, "10.2.2.2", { keep: "off" });
    expect(signedIn.status).toBe(302);
    expect((await getUser(makeRequest("/", { cookie: cookieFrom(signedIn) })))?.email).toBe(
      "once@example.com",
    );
    // Unticked "Keep me signed in": a cookie that ends with the browser.
    expect(signedIn.headers.getSetCookie()[0]).not.toMatch(/Max-Age|Expires/i);

    const again = await typeCode("once@example.com", code, "10.2.2.2");
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("That code is not right, has expired or was used already.");

    // Spent: asking again now makes a new code.
    await askForCode("once@example.com", "10.2.2.1");
    const [, , third] = await mail.mailsTo("once@example.com", 3);
    expect(third.text).not.toContain("same code");
  });

  it("after five wrong tries the sixth is refused even with the right code", async () => {
    await createUser({ email: "guessed@example.com", password: "secret1" });
    await askForCode("guessed@example.com", "10.2.3.1");
    const { code } = codeAndLink((await mail.mailsTo("guessed@example.com"))[0]);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await typeCode("guessed@example.com", wrong, `10.2.3.${10 + attempt}`)).status).toBe(400);
    }
    const right = await typeCode("guessed@example.com", code, "10.2.3.99");
    expect(right.status).toBe(400);
    expect(right.headers.get("Set-Cookie")).toBeNull();
  });

  it("a code past its 15 minutes is refused, and a new request then mails a new code", async () => {
    await createUser({ email: "late@example.com", password: "secret1" });
    await askForCode("late@example.com", "10.2.4.1");
    const { code } = codeAndLink((await mail.mailsTo("late@example.com"))[0]);
    vi.useFakeTimers({ now: Date.now() + 16 * 60 * 1000, toFake: ["Date"] });
    expect((await typeCode("late@example.com", code, "10.2.4.1")).status).toBe(400);
  });

  it("a scanner's GET of the mailed link signs nobody in; the Continue press does, once", async () => {
    await createUser({ email: "scanned@example.com", password: "secret1", name: "Scanned Sam" });
    await askForCode("scanned@example.com", "10.2.5.1");
    const { path } = codeAndLink((await mail.mailsTo("scanned@example.com"))[0]);
    const before = await sessionCount();
    for (let visit = 0; visit < 3; visit++) {
      const page = await callRoute(linkPage.loader as never, makeRequest(path));
      expect(page.status).toBe(200);
      expect(page.headers.get("Set-Cookie")).toBeNull();
      expect(await page.json()).toMatchObject({ name: "Scanned Sam" });
    }
    expect(await sessionCount()).toBe(before);

    const pressed = await post(linkPage, path, { keep: "on" }, "10.2.5.2");
    expect(pressed.status).toBe(302);
    expect(pressed.headers.getSetCookie()[0]).toMatch(/Max-Age=34560000/);
    expect((await getUser(makeRequest("/", { cookie: cookieFrom(pressed) })))?.email).toBe(
      "scanned@example.com",
    );
    expect((await post(linkPage, path, {}, "10.2.5.2")).status).toBe(400);
    // The link spent the code in the same mail.
    const page = await callRoute(linkPage.loader as never, makeRequest(path));
    expect(await page.json()).toMatchObject({ name: null });
  });

  it("keeps neither codes nor link tokens in clear, in the database or the log", async () => {
    const logged: string[] = [];
    for (const method of ["log", "error", "warn", "info"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
    }
    await createUser({ email: "quiet@example.com", password: "secret1" });
    await askForCode("quiet@example.com", "10.2.6.1");
    const { code, link } = codeAndLink((await mail.mailsTo("quiet@example.com"))[0]);
    const token = new URL(link).searchParams.get("token")!;
    await typeCode("quiet@example.com", "999999", "10.2.6.1");
    const rows = JSON.stringify(await (await getDb()).select().from(oneTimeSecrets));
    expect(rows).not.toContain(code);
    expect(rows).not.toContain(token);
    expect(logged.join("\n")).not.toContain(code);
    expect(logged.join("\n")).not.toContain(token);
    vi.restoreAllMocks();
  });

  it("refuses more code mails for one address from one client address, but not the owner's own", async () => {
    await createUser({ email: "target@example.com", password: "secret1" });
    for (let ask = 0; ask < 5; ask++)
      expect((await askForCode("target@example.com", "10.2.7.66")).status).toBe(302);
    const refused = await askForCode("target@example.com", "10.2.7.66");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    expect((await askForCode("target@example.com", "10.2.7.1")).status).toBe(302);
  });
});
