import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { oneTimeSecrets, surveys } from "~/platform/db/schema";
import { getSurvey, getSurveyProgress } from "~/features/survey/models/survey.server";
import { getUserById } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import {
  callRoute,
  cookieFrom,
  logInWithKeptForm,
  makeRequest,
  signedInMember,
} from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import * as auth from "~/routes/auth";
import { action, loader } from "~/routes/survey.($section)";

const database = useFreshDatabase();
/** Forms kept for a login (the one-time secrets of kind kept-submission). */
const kept = eq(oneTimeSecrets.kind, "kept-submission");

const member = (email: string) => signedInMember(email);

const load = (cookie: string | undefined, section?: string) =>
  callRoute(
    loader,
    makeRequest(section ? `/survey/${section}` : "/survey", { cookie }),
    section ? { section } : {},
  );

function post(cookie: string, section: string, form: Array<[string, string]>) {
  const body = new URLSearchParams(form);
  return callRoute(action, makeRequest(`/survey/${section}`, { cookie, form: body }), { section });
}

describe("/survey pages", () => {
  it("show the hold-up screen to a visitor and send a post to login", async () => {
    const page = await load(undefined, "2");
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ member: null });
    const posted = await callRoute(action, makeRequest("/survey/1", { form: { name: "X" } }), {
      section: "1",
    });
    expect(posted.status).toBe(302);
    // The login page says why the member is there; the answers wait on the server, not in the URL.
    expect(posted.headers.get("Location")).toBe("/auth?redirect=%2Fsurvey%2F1&reason=survey");
    // Nobody was logged in on this browser: nothing is kept for anyone.
    expect(posted.headers.get("Set-Cookie")).toBeNull();
    expect(await database.db.select().from(oneTimeSecrets).where(kept)).toEqual([]);
  });

  it("keep a section only from a post of our own origin, for the member last logged in here", async () => {
    const { lastMember } = await member("origin@example.com");
    const send = (origin: string | null) =>
      callRoute(action, makeRequest("/survey/1", { form: { name: "O" }, cookie: lastMember, origin }), {
        section: "1",
      });
    expect((await send(null)).headers.get("Set-Cookie")).toBeNull();
    expect((await send("http://localhost:3000")).headers.get("Set-Cookie")).toMatch(
      /^sgw_pending=.*HttpOnly.*SameSite=Lax/,
    );
  });

  it("never apply a kept section planted in another member's browser", async () => {
    const attacker = await member("planter@example.com");
    const victim = await member("victim@example.com");
    await post(victim.cookie, "1", [["name", "Victim"]]);
    const planted = await callRoute(
      action,
      makeRequest("/survey/1", { form: { name: "TOSSED-BY-ATTACKER" }, cookie: attacker.lastMember }),
      { section: "1" },
    );
    // The victim's browser holds the planted token (and knows the victim as its last member).
    const loggedIn = await logInWithKeptForm(auth.action, planted, victim, {
      email: "victim@example.com",
      redirect: "/survey/1",
    });
    expect(loggedIn.headers.get("Location")).toBe("/survey/1");
    expect((await getSurveyProgress(victim.id)).answers.name).toBe("Victim");
    const left = await database.db.select().from(oneTimeSecrets).where(kept);
    expect(left.filter((row) => row.userId === attacker.id)).toEqual([]);
  });

  it("save a section posted after the session ended right after the login, once", async () => {
    const user = await member("kept@example.com");
    const posted = await callRoute(
      action,
      makeRequest("/survey/1", {
        form: { name: "Kept", attending: "maybe", intent: "next" },
        cookie: user.lastMember,
      }),
      { section: "1" },
    );
    const logIn = () =>
      logInWithKeptForm(auth.action, posted, user, { email: "kept@example.com", redirect: "/survey/1" });
    const loggedIn = await logIn();
    // Where Next would have led, with a word that the answers are saved; the kept token is spent.
    expect(loggedIn.headers.get("Location")).toBe("/survey/2");
    const cookies = loggedIn.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("sgw_pending=;"))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith("sgw_flash="))).toBe(true);
    expect(await getSurveyProgress(user!.id)).toMatchObject({
      section: 2,
      answers: { name: "Kept", attending: "maybe" },
    });
    // The same cookie again (a replay, or a second login) changes nothing and goes where it was asked.
    await post(cookieFrom(await createUserSession(user!.id, "/")), "1", [["name", "Later"]]);
    expect((await logIn()).headers.get("Location")).toBe("/survey/1");
    expect((await getSurveyProgress(user!.id)).answers.name).toBe("Later");
  });

  it("bring back a kept section that cannot be saved, with what is wrong", async () => {
    const user = await member("unsaved@example.com");
    const posted = await callRoute(
      action,
      makeRequest("/survey/1", { form: { name: "x".repeat(2001) }, cookie: user.lastMember }),
      { section: "1" },
    );
    const loggedIn = await logInWithKeptForm(auth.action, posted, user, {
      email: "unsaved@example.com",
      redirect: "/survey/1",
    });
    const location = loggedIn.headers.get("Location")!;
    expect(location).toMatch(/^\/survey\/1\?name=x+$/);
    expect((await getSurveyProgress(user!.id)).answers.name).toBe("");
    const cookie = cookieFrom(await createUserSession(user!.id, "/"));
    const page = await (await callRoute(loader, makeRequest(location, { cookie }), { section: "1" })).json();
    expect(page.member).toMatchObject({
      restored: true,
      answers: { name: "x".repeat(2001) },
      restoredErrors: { name: "“Your name” must be at most 100 characters" },
    });
  });

  it("resume at the member's section and refuse unknown sections", async () => {
    const { cookie } = await member("resume@example.com");
    expect((await load(cookie)).headers.get("Location")).toBe("/survey/1");
    expect((await load(cookie, "9")).headers.get("Location")).toBe("/survey");
    expect((await load(cookie, "7")).headers.get("Location")).toBe("/survey/6");
    await post(cookie, "1", [
      ["name", "Ren"],
      ["attending", "yes"],
    ]);
    expect((await load(cookie)).headers.get("Location")).toBe("/survey/2");
    const page = await (await load(cookie, "2")).json();
    expect(page.member.section).toBe(2);
    expect(page.member.answers).toMatchObject({ name: "Ren", attending: "yes" });
  });

  it("start from the name given at registration (an invitation's link fills it in)", async () => {
    const { cookie } = await signedInMember("invited@example.com", { name: "Dee" });
    const page = await (await load(cookie, "1")).json();
    expect(page.member.answers.name).toBe("Dee");
    await post(cookie, "1", [
      ["name", "Dee Dee"],
      ["attending", "yes"],
    ]);
    expect((await (await load(cookie, "1")).json()).member.answers.name).toBe("Dee Dee");
  });

  it("follow the spec's flow with Next and Back, saving each section to the draft", async () => {
    const { id, cookie } = await member("flow@example.com");
    const go = async (section: string, form: Array<[string, string]>) =>
      (await post(cookie, section, form)).headers.get("Location");
    expect(
      await go("1", [
        ["name", "Noor"],
        ["attending", "no"],
        ["intent", "next"],
      ]),
    ).toBe("/survey/3");
    expect(await go("3", [["intent", "next"]])).toBe("/survey/4");
    expect(
      await go("4", [
        ["sgw24_attendee", "no"],
        ["intent", "back"],
      ]),
    ).toBe("/survey/3");
    expect(await go("4", [["sgw24_attendee", "no"]])).toBe("/survey/6");
    expect(await go("6", [["intent", "back"]])).toBe("/survey/4");
    expect((await getSurveyProgress(id)).answers).toMatchObject({
      name: "Noor",
      attending: "no",
      sgw24_attendee: "no",
    });
    expect(await getSurvey(id)).toBeNull();

    expect(await go("6", [["intent", "next"]])).toBe("/survey/7");
    expect(await getSurvey(id)).toMatchObject({ name: "Noor", attending: "no", sgw24_attendee: "no" });
    expect((await getUserById(id))?.name).toBe("Noor");
    const done = await (await load(cookie, "7")).json();
    expect(done.member.chatUrl).toMatch(/^https?:\/\//);
  });

  it("carry the draft across devices (another session of the same member)", async () => {
    const phone = await member("two-devices@example.com");
    await post(phone.cookie, "1", [
      ["name", "Pat"],
      ["attending", "maybe"],
    ]);
    await post(phone.cookie, "2", [
      ["availability", "Aug 21 - Aug 25"],
      ["shirt_size.self", "s"],
    ]);
    const laptop = cookieFrom(await createUserSession(phone.id, "/"));
    expect((await load(laptop)).headers.get("Location")).toBe("/survey/4");
    const page = await (await load(laptop, "2")).json();
    expect(page.member.answers.availability["Aug 21 - Aug 25"]).toBe(true);
    expect(page.member.answers.shirt_size.self).toBe("s");
  });

  it("re-render a bad section with the message and the member's other input kept", async () => {
    const { id, cookie } = await member("bad@example.com");
    const response = await post(cookie, "1", [
      ["name", "Kim"],
      ["attending", "perhaps"],
    ]);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({
      attending: "“Are you coming to SGW25?”: choose one of “Yes”, “No” or “Maybe”",
    });
    expect(body.values).toMatchObject({ name: "Kim", attending: "perhaps" });

    const details = await post(cookie, "2", [
      ["availability", "Apr 3 - Apr 7"],
      ["availability", "Jan 1 - Jan 5"],
      ["sober", "yes"],
      ["shirt_size.boo", "xxl"],
    ]);
    expect(details.status).toBe(400);
    const detailsBody = await details.json();
    expect(Object.keys(detailsBody.fieldErrors).sort()).toEqual([
      "availability.Jan 1 - Jan 5",
      "shirt_size.boo",
    ]);
    expect(detailsBody.values.sober).toBe("yes");
    expect(detailsBody.values.availability["Apr 3 - Apr 7"]).toBe(true);

    const long = await post(cookie, "5", [
      ["sgw24_concerns", "x".repeat(2001)],
      ["sgw25_suggestions", "Lake"],
    ]);
    expect(long.status).toBe(400);
    expect((await long.json()).values.sgw25_suggestions).toBe("Lake");
    expect((await getSurveyProgress(id)).answers.name).toBe("");
  });

  it("answer an unreadable body with a 400 and keep the saved answers", async () => {
    const { id, cookie } = await member("json@example.com");
    await post(cookie, "1", [
      ["name", "Jo"],
      ["attending", "maybe"],
    ]);
    const request = makeRequest("/survey/1", { cookie, json: { name: "X" } });
    const response = await callRoute(action, request, { section: "1" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "That form could not be read. Please try again." });
    expect((await getSurveyProgress(id)).answers).toMatchObject({ name: "Jo", attending: "maybe" });
  });

  it("keep a failed submit on the review with the reason", async () => {
    const { id, cookie } = await member("legacy@example.com");
    // A survey stored before today's rules (or by hand) can hold a value the schema refuses.
    await database.db.insert(surveys).values({ userId: id, name: "Lee", attending: "perhaps" });
    const response = await post(cookie, "6", [["intent", "next"]]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Error submitting survey: “Are you coming to SGW25?”: choose one of “Yes”, “No” or “Maybe”",
    });
    expect(await getSurvey(id)).toMatchObject({ name: "Lee", attending: "perhaps" });

    expect(
      (
        await post(cookie, "1", [
          ["name", "Lee"],
          ["attending", "yes"],
        ])
      ).status,
    ).toBe(302);
    expect((await post(cookie, "6", [["intent", "next"]])).headers.get("Location")).toBe("/survey/7");
    expect(await getSurvey(id)).toMatchObject({ name: "Lee", attending: "yes" });
  });
});
