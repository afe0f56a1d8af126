import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { editions, invitations } from "~/platform/db/schema";
import { NameInput } from "~/platform/components/name-input";
import { NAME_MAX } from "~/platform/lib/limits";
import { getUserByEmail } from "~/platform/models/user.server";
import { runAsClient } from "~/platform/services/request-path.server";
import { getUser } from "~/platform/services/session.server";
import {
  callRoute,
  cookieFrom,
  expectRedirect,
  expectRefusedRegistration,
  makeRequest,
} from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { useFakeMail } from "../../tests/support/mail";
import * as auth from "~/routes/auth";
import * as registerCode from "~/routes/register.code";

useFreshDatabase();
useFakeMail();

// The register form an invitation links to: it carries the invitee's name, and registering the
// invited address signs in and goes to the survey.

let client = 0;
/** Each post from a client address of its own: the register limit per address stays out of the way. */
const register = (form: Record<string, string> | URLSearchParams) =>
  runAsClient(`10.32.7.${++client}`, () =>
    callRoute(auth.action as never, makeRequest("/auth?mode=register", { form })),
  );

/** A post of the register form an invitation's link opened, "Keep me signed in" ticked. */
const registerInvited = (invitation: string, fields: Record<string, string>) =>
  register({ intent: "register", ...fields, invitation, keep: "on" });

const invite = async (email: string, invitedAt?: Date) =>
  (await getDb()).insert(invitations).values(invitedAt ? { email, invitedAt } : { email });

const loaderData = async (path: string) =>
  (await (await callRoute(auth.loader as never, makeRequest(path))).json()) as Record<string, unknown>;

const sessionCookie = (response: Response) =>
  response.headers.getSetCookie().find((header) => header.startsWith("sgw_session="));

describe("registering from an invitation's link", () => {
  it("signs the invited address in as a login would and goes to the survey", async () => {
    await invite("pat@example.com");
    // The form as a browser posts it, "Keep me signed in" ticked as it comes (the login form's default).
    const response = await register(
      new URLSearchParams([
        ["intent", "register"],
        ["redirect", "/"],
        ["name", "Pat Newby"],
        ["email", "Pat@Example.com"],
        ["password", "secret1"],
        ["invitation", "pat@example.com"],
        ["keep", "off"],
        ["keep", "on"],
      ]),
    );
    expectRedirect(response, "/survey");
    // A long session, as a login with the box ticked makes.
    expect(sessionCookie(response)).toMatch(/Max-Age=34560000/);
    const user = await getUser(makeRequest("/", { cookie: cookieFrom(response) }));
    expect(user?.email).toBe("pat@example.com");
    expect(user?.name).toBe("Pat Newby");
  });

  it("an unticked 'Keep me signed in' gives a session that ends with the browser", async () => {
    await invite("brief@example.com");
    const form = new URLSearchParams([
      ["intent", "register"],
      ["email", "brief@example.com"],
      ["password", "secret1"],
      ["invitation", "brief@example.com"],
      ["keep", "off"],
    ]);
    const response = await register(form);
    expect(response.headers.get("Location")).toBe("/survey");
    expect(sessionCookie(response)).not.toMatch(/Max-Age/);
  });

  it("keeps the spec's register → login flow for an address without a pending invitation", async () => {
    await invite("listed@example.com");
    const cases: Array<Record<string, string>> = [
      // Not invited, though the form says it was.
      { email: "stranger@example.com", invitation: "stranger@example.com" },
      // Invited, but from the plain register form (no invitation posted).
      { email: "listed@example.com" },
    ];
    for (const fields of cases) {
      const response = await register({ intent: "register", password: "secret1", redirect: "/", ...fields });
      expect(response.status, fields.email).toBe(302);
      expect(response.headers.get("Location")).toBe("/auth");
      expect(sessionCookie(response)).toBeUndefined();
      const page = await callRoute(
        auth.loader as never,
        makeRequest("/auth", { cookie: cookieFrom(response) }),
      );
      expect(await page.json()).toMatchObject({
        mode: "login",
        flash: { message: "Registration successful! You can now log in.", email: fields.email },
      });
    }
  });

  it("another address typed over the invited one registers the typed one, the spec's way", async () => {
    await invite("first@example.com");
    const response = await registerInvited("first@example.com", {
      email: "other@example.com",
      password: "secret1",
    });
    expect(response.headers.get("Location")).toBe("/auth");
    expect(sessionCookie(response)).toBeUndefined();
    expect(await getUserByEmail("first@example.com")).toBeUndefined();
  });

  it("a refused registration from the invitation keeps the input and signs nobody in", async () => {
    await invite("short@example.com");
    const response = await registerInvited("short@example.com", {
      name: "Short Pass",
      email: "short@example.com",
      password: "12345",
    });
    await expectRefusedRegistration(response, "Registration failed: Password must be at least 6 characters", {
      email: "short@example.com",
      name: "Short Pass",
    });
    expect(await getUserByEmail("short@example.com")).toBeUndefined();
  });

  it("an address that registered already is refused as before, invitation or not", async () => {
    await invite("twice@example.com");
    const form = { intent: "register", email: "twice@example.com", password: "secret1" };
    expect((await register({ ...form, invitation: "twice@example.com" })).headers.get("Location")).toBe(
      "/survey",
    );
    const again = await register({ ...form, invitation: "twice@example.com" });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe(
      "Registration failed: An account with that email already exists",
    );
  });
});

describe("the name an invitation's link carries", () => {
  it("fills the register form's name: one line, clipped to the name limit, as text", async () => {
    const name = `Pat <b>Newby</b> & "Co"\n${"x".repeat(150)}`;
    const path = `/auth?${new URLSearchParams({ mode: "register", email: "pat@example.com", name })}`;
    const data = await loaderData(path);
    const prefill = data.prefillName as string;
    expect(prefill).toBe(`Pat <b>Newby</b> & "Co" ${"x".repeat(150)}`.slice(0, NAME_MAX));
    expect(prefill).toHaveLength(NAME_MAX);
    // The form's field renders it as text, never as markup.
    const html = renderToString(createElement(NameInput, { defaultValue: prefill }));
    expect(html).toContain('value="Pat &lt;b&gt;Newby&lt;/b&gt; &amp; &quot;Co&quot; xxx');
    expect(html).not.toContain("<b>");
  });

  it("only on an invitation's link: no address, no name", async () => {
    expect((await loaderData("/auth?mode=register&name=Pat")).prefillName).toBeNull();
    expect((await loaderData("/auth?mode=register&email=pat%40example.com")).prefillName).toBeNull();
  });

  it("rides along to /register/code and back", async () => {
    const page = await callRoute(
      registerCode.loader as never,
      makeRequest("/register/code?email=pat%40example.com&name=Pat%20Newby%0D%0A"),
    );
    expect(await page.json()).toMatchObject({ email: "pat@example.com", name: "Pat Newby" });
    await invite("named@example.com");
    const asked = await runAsClient("10.32.9.1", () =>
      callRoute(
        registerCode.action as never,
        makeRequest("/register/code", { form: { email: "named@example.com", name: "Named Guest" } }),
      ),
    );
    expect(asked.headers.get("Location")).toBe(
      "/register/code?email=named%40example.com&name=Named+Guest&sent=1",
    );
  });
});

describe("an invitation from an edition that has closed", () => {
  it("is not pending: the spec's flow", async () => {
    await invite("old@example.com", new Date(Date.now() - 86_400_000));
    await (
      await getDb()
    )
      .insert(editions)
      .values({ year: 1999, windows: [], status: "archived", archivedAt: new Date() });
    const response = await register({
      intent: "register",
      email: "old@example.com",
      password: "secret1",
      invitation: "old@example.com",
    });
    expect(response.headers.get("Location")).toBe("/auth");
    expect(sessionCookie(response)).toBeUndefined();
  });
});
