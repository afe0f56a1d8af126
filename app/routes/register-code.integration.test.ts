import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { invitations, oneTimeSecrets } from "~/platform/db/schema";
import { createUser, getUserByEmail, passwordHashOf, verifyLogin } from "~/platform/models/user.server";
import { runAsClient } from "~/platform/services/request-path.server";
import { getUser } from "~/platform/services/session.server";
import { callRoute, cookieFrom, expectRedirect, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { useFakeMail, type SentMail } from "../../tests/support/mail";
import * as registerPage from "~/routes/register.code";
import * as authPage from "~/routes/auth";
import * as accountPage from "~/routes/account";

useFreshDatabase();
const mail = useFakeMail();

const post = (form: Record<string, string>, ip: string) =>
  runAsClient(ip, () =>
    callRoute(registerPage.action as never, makeRequest("/register/code", { form, method: "POST" })),
  );
const askForCode = (email: string, ip: string) => post({ email }, ip);
const typeCode = (email: string, code: string, ip: string, name = "") => post({ email, code, name }, ip);

async function invite(email: string) {
  await (await getDb()).insert(invitations).values({ email });
}

const codeIn = (sent: SentMail) => {
  const code = /register for the .* planner is (\d{6})/.exec(sent.text)?.[1];
  if (!code) throw new Error(`No code in: ${sent.text}`);
  return code;
};
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("registering from an invitation with a code, as a mistake or an attack would try it", () => {
  it("the register form offers the code only on an invitation's link; the plain form stays as it is", async () => {
    const plain = await callRoute(authPage.loader as never, makeRequest("/auth?mode=register"));
    expect(plain.status).toBe(200);
    const invited = await callRoute(
      authPage.loader as never,
      makeRequest("/auth?mode=register&email=guest%40example.com"),
    );
    expect(((await invited.json()) as { prefill: string }).prefill).toBe("guest@example.com");
  });

  it("a wrong code is refused and makes no account; the right one makes it once, without a password, signed in", async () => {
    await invite("guest@example.com");
    const asked = await askForCode("Guest@Example.com", "10.7.1.1");
    expectRedirect(asked, "/register/code?email=guest%40example.com&sent=1");
    const [sent] = await mail.mailsTo("guest@example.com");
    const code = codeIn(sent);

    const refused = await typeCode("guest@example.com", wrong(code), "10.7.1.1");
    expect(refused.status).toBe(400);
    expect(await getUserByEmail("guest@example.com")).toBeUndefined();

    const made = await typeCode("guest@example.com", code, "10.7.1.1", "Guest Person");
    expectRedirect(made, "/survey");
    const user = await getUser(makeRequest("/", { cookie: cookieFrom(made) }));
    expect(user?.email).toBe("guest@example.com");
    expect(user?.name).toBe("Guest Person");
    expect(await passwordHashOf(user!.id)).toBe("");
    // No password signs in to it, the empty one included.
    expect(await verifyLogin("guest@example.com", "")).toBeUndefined();

    const again = await typeCode("guest@example.com", code, "10.7.1.2");
    expect(again.status).toBe(400);

    // /account offers to set a password, not to change one.
    const account = await callRoute(
      accountPage.loader as never,
      makeRequest("/account", { cookie: cookieFrom(made) }),
    );
    expect(((await account.json()) as { hasPassword: boolean }).hasPassword).toBe(false);
  });

  it("only the invited address: another address gets no code, and an invited address's code registers nobody else", async () => {
    await invite("asked@example.com");
    const stranger = await askForCode("stranger@example.com", "10.7.2.1");
    const invited = await askForCode("asked@example.com", "10.7.2.1");
    // The same answer for both (only the address in the URL differs).
    expect(stranger.status).toBe(invited.status);
    expect(stranger.headers.get("Location")?.replace(/email=[^&]*/, "")).toBe(
      invited.headers.get("Location")?.replace(/email=[^&]*/, ""),
    );
    const [notInvited] = await mail.mailsTo("stranger@example.com");
    expect(notInvited.subject).toMatch(/No .* invitation for this address/);
    expect(notInvited.text).not.toMatch(/\d{6}/);
    const [sent] = await mail.mailsTo("asked@example.com");
    const code = codeIn(sent);

    expect((await typeCode("stranger@example.com", code, "10.7.2.1")).status).toBe(400);
    expect(await getUserByEmail("stranger@example.com")).toBeUndefined();
    // The code is stored as an HMAC and sealed, never in clear.
    const rows = await (await getDb()).select().from(oneTimeSecrets);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("an address that has an account gets a sign-in code, and its account is not replaced", async () => {
    await invite("member@example.com");
    await createUser({ email: "member@example.com", password: "secret1" });
    await askForCode("member@example.com", "10.7.3.1");
    const [sent] = await mail.mailsTo("member@example.com");
    expect(sent.text).toMatch(/sign-in code is \d{6}/);
    expect(await verifyLogin("member@example.com", "secret1")).toBeDefined();
  });

  it("the 6th try is refused even with the right code; a resend within 15 minutes sends the same code", async () => {
    await invite("tries@example.com");
    await askForCode("tries@example.com", "10.7.4.1");
    const [first] = await mail.mailsTo("tries@example.com");
    await askForCode("tries@example.com", "10.7.4.1");
    const [, second] = await mail.mailsTo("tries@example.com", 2);
    const code = codeIn(first);
    expect(codeIn(second)).toBe(code);
    expect(second.text).toContain("same code");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await typeCode("tries@example.com", wrong(code), "10.7.4.1")).status).toBe(400);
    }
    expect((await typeCode("tries@example.com", code, "10.7.4.1")).status).toBe(400);
    expect(await getUserByEmail("tries@example.com")).toBeUndefined();
  });
});
