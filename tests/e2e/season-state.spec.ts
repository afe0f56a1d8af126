import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { FIXTURE } from "../../app/features/results/lib/headcount.fixture";
import { unbroken } from "./long-data";
import {
  apiHouse,
  apiMember,
  apiVote,
  attachedEvent,
  bearer,
  calendarEvent,
  confirmTidyUp,
  deleteAccount,
  expectStatus,
  headcountFromCsv,
  headcountOnPage,
  organiserPage,
  sentMails,
  type ApiMember,
} from "./season-support";
import { NEW_PASSWORD, uniqueEmail } from "./support";

// These tests change the decision, the announcement rounds and the data every page shows; the
// playwright config runs this file on an app of its own per project (STATE_SPECS).
// Each test walks many pages and posts (two rounds of mail, eight members' surveys): more than
// the default 30 s on a busy machine.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const ANNOUNCEMENT = /^SGW25 (is decided|has changed): /;

test("decide the weekend and the house, announce it, change it and announce again", async ({
  browser,
  javaScriptEnabled,
  page,
}) => {
  const organiser = await organiserPage(browser, javaScriptEnabled, "/organiser/decide");
  const decision = organiser.getByRole("region", { name: "The decision" });
  const chooseHouse = (name: string, button: RegExp) =>
    organiser
      .getByRole("region", { name: "The house" })
      .getByRole("listitem")
      .filter({ has: organiser.getByRole("heading", { name, level: 3 }) })
      .getByRole("button", { name: button })
      .click();

  // The top weekend of Best Weekends, then any other window.
  const best = decision.getByRole("list", { name: "Best Weekends" });
  await best
    .getByRole("button", { name: /^Choose / })
    .first()
    .click();
  await expectStatus(organiser, "The weekend is Thursday");
  await chooseHouse("Lakeside Lodge", /Choose for SGW25/);
  await expectStatus(organiser, "Lakeside Lodge is the chosen house.");

  // Mail: how many it goes to, then a confirmation step that lists them and says what, then the round.
  await organiser.getByRole("navigation", { name: "Organiser" }).getByRole("link", { name: "Mail" }).click();
  const announce = organiser.getByRole("region", { name: "Announce the decision" });
  await expect(organiser).toHaveURL(/\/organiser\/mail$/);
  const goesTo = await announce.getByText(/^It goes to every member: \d+ members\./).textContent();
  const count = Number(/(\d+) members/.exec(goesTo!)![1]);
  expect(count).toBeGreaterThan(5);
  // The page names the count; only the step lists the addresses.
  await expect(announce.getByRole("listitem")).toHaveCount(0);
  const before = (await sentMails()).length;
  await announce.getByRole("link", { name: /^Announce the (decision|change) to \d+ members$/ }).click();
  const step = organiser.getByRole("region", { name: "Send the announcement?" });
  await expect(step.getByRole("list", { name: /^It goes to every member/ })).toBeVisible();
  const recipients = await step
    .getByRole("list", { name: /^It goes to every member/ })
    .getByRole("listitem")
    .allTextContents();
  expect(recipients.length).toBe(count);
  await expect(step).toContainText("Where: Lakeside Lodge, Lake Placid, NY");
  expect((await sentMails()).length, "nothing goes out before the step's button").toBe(before);
  await step.getByRole("button", { name: `Send the announcement to ${recipients.length} members` }).click();
  await expectStatus(organiser, `The decision went to ${recipients.length} members.`);
  await expect(
    organiser.getByRole("region", { name: "Every round sent" }).getByRole("listitem").first(),
  ).toContainText(`Reached ${recipients.length}`);

  const round = (await sentMails()).slice(before).filter((mail) => ANNOUNCEMENT.test(mail.subject));
  expect(round).toHaveLength(recipients.length);
  const addresses = round.map((mail) => [mail.to].flat()[0]);
  expect(new Set(addresses).size).toBe(recipients.length);
  for (const line of recipients) expect(addresses).toContain(/<(.+)>/.exec(line)![1]);
  const served = calendarEvent(await (await page.request.get("/sgw25.ics")).text());
  const events = round.map(attachedEvent);
  for (const event of events) expect(event).toMatchObject({ uid: served.uid, sequence: served.sequence });
  expect(events[0].location).toContain("Lakeside Lodge");
  expect(round[0].text).toContain("Where: Lakeside Lodge, Lake Placid, NY");

  // The same decision again is refused: one round per decision.
  await expect(announce.getByRole("link", { name: /^Announce/ })).toHaveCount(0);
  await expect(announce.getByText("This decision has already been announced.")).toBeVisible();

  await organiser.goto("/organiser/decide");
  await decision.getByLabel("Any weekend").selectOption("Sep 18 - Sep 22");
  await decision.getByRole("button", { name: "Choose this weekend" }).click();
  await expectStatus(organiser, "The weekend is Thursday");
  const middle = (await sentMails()).length;
  await organiser.goto("/organiser/mail");
  await announce.getByRole("link", { name: /^Announce the change to \d+ members$/ }).click();
  await organiser.getByRole("button", { name: /^Send the announcement to \d+ members$/ }).click();
  await expectStatus(organiser, `The decision went to ${recipients.length} members.`);
  const change = (await sentMails()).slice(middle).filter((mail) => ANNOUNCEMENT.test(mail.subject));
  expect(change).toHaveLength(recipients.length);
  expect(change[0].subject).toMatch(/^SGW25 has changed: Thursday/);
  const changed = attachedEvent(change[0]);
  expect(changed.uid).toBe(served.uid);
  expect(changed.sequence).toBeGreaterThan(served.sequence);
  expect(calendarEvent(await (await page.request.get("/sgw25.ics")).text()).sequence).toBe(changed.sequence);

  // The home page and /sgw25 say the decision plainly: when, where (with the listing), who.
  for (const path of ["/", "/sgw25"]) {
    await page.goto(path);
    const said = page.getByRole("definition");
    await expect(said.filter({ hasText: /^Thursday \w+ \d+ to Monday \w+ \d+, 2025$/ })).toHaveCount(1);
    await expect(said.filter({ hasText: "Lakeside Lodge, Lake Placid, NY" })).toBeVisible();
    await expect(page.getByRole("link", { name: /see the listing/ })).toBeVisible();
    await expect(said.filter({ hasText: /\d+ coming: .*Alex/ })).toBeVisible();
  }

  // Put the decision back for the next project (the rounds stay, as they would in real life).
  await organiser.goto("/organiser/decide");
  await decision.getByRole("button", { name: "Undo the weekend choice" }).click();
  await expectStatus(organiser, "The weekend choice is undone.");
  await chooseHouse("Lakeside Lodge", /Unchoose/);
  await expectStatus(organiser, "No house is chosen.");
  await page.goto("/");
  await expect(page.getByText("the weekend of August 22-26")).toBeVisible();
  await organiser.context().close();
});

test("invite two addresses, register through one invitation, the other stays listed", async ({
  browser,
  javaScriptEnabled,
}) => {
  const organiser = await organiserPage(browser, javaScriptEnabled, "/organiser/people");
  const joining = uniqueEmail("invited");
  const waiting = uniqueEmail("invited");
  const invite = organiser
    .getByRole("region", { name: "Invite", exact: true })
    .filter({ has: organiser.getByRole("heading", { name: "Invite", level: 2 }) });
  await invite.getByLabel(/^E-mail addresses/).fill(`Joining Person <${joining}>,\n${waiting}`);
  await invite.getByRole("button", { name: "Send the invitations…" }).click();
  const step = organiser.getByRole("region", { name: "Send the invitations?" });
  await expect(step.getByRole("list", { name: /^New/ })).toContainText(`Joining Person <${joining}>`);
  await expect(step.getByRole("list", { name: /^New/ })).toContainText(waiting);
  expect(await sentMails(joining), "nothing goes out before the step's button").toHaveLength(0);
  await step.getByRole("button", { name: "Send 2 invitations" }).click();
  await expectStatus(organiser, `Invited 2: ${joining}, ${waiting}.`);
  const pending = invite.getByRole("list", { name: /^Invited, not registered yet/ });
  await expect(pending.getByRole("listitem").filter({ hasText: joining })).toHaveCount(1);
  await expect(pending.getByRole("listitem").filter({ hasText: waiting })).toHaveCount(1);

  // Each address gets one mail with its own link to the register form.
  const [mail] = await sentMails(joining);
  expect(await sentMails(joining)).toHaveLength(1);
  expect(await sentMails(waiting)).toHaveLength(1);
  expect(mail.subject).toBe("You are invited to SGW25");
  const link = /Register here: (\S+)/.exec(mail.text)?.[1] ?? "";
  expect(mail.html).toContain(`href="${link.replaceAll("&", "&#38;")}"`);
  expect(new URL(link).pathname).toBe("/auth");
  expect(new URL(link).searchParams.get("email")).toBe(joining);
  expect(new URL(link).searchParams.get("name")).toBe("Joining Person");

  // The invited person follows the link: the register form, their address and name filled in.
  const context = await browser.newContext({ javaScriptEnabled });
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { level: 1, name: "Register" })).toBeVisible();
  await expect(guest.getByLabel("Email")).toHaveValue(joining);
  await expect(guest.getByLabel("Name (optional)")).toHaveValue("Joining Person");
  await expect(guest.getByLabel("Keep me signed in")).toBeChecked();
  await guest.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await guest.getByRole("button", { name: "Register" }).click();
  // Registered from the invitation: signed in at once and on to the survey, no second password.
  await expect(guest).toHaveURL(/\/survey\/\d+$/);
  await expect(guest.getByText(`You are logged in as ${joining}`)).toBeVisible();
  await expect(guest.getByText("Registration successful! You can now log in.")).toHaveCount(0);
  await context.close();

  // Without the invitation's link the spec's flow stays: registered, then the login form.
  const plain = await browser.newContext({ javaScriptEnabled });
  const stranger = await plain.newPage();
  const strangerEmail = uniqueEmail("plain");
  await stranger.goto("/auth?mode=register");
  await expect(stranger.getByLabel("Name (optional)")).toHaveValue("");
  await expect(stranger.getByLabel("Keep me signed in")).toHaveCount(0);
  await stranger.getByLabel("Email").fill(strangerEmail);
  await stranger.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await stranger.getByRole("button", { name: "Register" }).click();
  await expect(stranger.getByText("Registration successful! You can now log in.")).toBeVisible();
  await expect(stranger.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await plain.close();

  // Only the one who did not register is still waiting.
  await organiser.goto("/organiser/people");
  await expect(pending.getByRole("listitem").filter({ hasText: waiting })).toHaveCount(1);
  await expect(pending.getByRole("listitem").filter({ hasText: joining })).toHaveCount(0);
  await expect(
    organiser.getByRole("list", { name: /^Not submitted/ }).getByText(`Joining Person <${joining}>`),
  ).toBeVisible();
  await organiser.context().close();
});

test("an invited address registers with a mailed code instead of a password and can set one later", async ({
  browser,
  javaScriptEnabled,
}) => {
  const organiser = await organiserPage(browser, javaScriptEnabled, "/organiser/people");
  const guestEmail = uniqueEmail("coded");
  const invite = organiser
    .getByRole("region", { name: "Invite", exact: true })
    .filter({ has: organiser.getByRole("heading", { name: "Invite", level: 2 }) });
  await invite.getByLabel(/^E-mail addresses/).fill(`Coded Guest <${guestEmail}>`);
  await invite.getByRole("button", { name: "Send the invitations…" }).click();
  await organiser
    .getByRole("region", { name: "Send the invitations?" })
    .getByRole("button", { name: "Send 1 invitation" })
    .click();
  await expectStatus(organiser, `Invited 1: ${guestEmail}.`);
  await organiser.context().close();
  const link = /Register here: (\S+)/.exec((await sentMails(guestEmail))[0]?.text ?? "")?.[1] ?? "";

  // On a phone: the invitation's register form offers the code; the code comes to the invited address.
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const guest = await context.newPage();
  await guest.goto(link);
  await guest.getByRole("link", { name: "Register with a code instead of a password" }).click();
  await expect(guest.getByRole("heading", { level: 1, name: "Register with a code" })).toBeVisible();
  await expect(guest.getByLabel("Email")).toHaveValue(guestEmail);
  await guest.getByRole("button", { name: "E-mail me a code" }).click();
  await expect(guest.getByText(/^If this address was invited, a 6-digit code is on its way/)).toBeVisible();
  let code = "";
  await expect
    .poll(async () => {
      const mail = (await sentMails(guestEmail)).find(
        (sent) => sent.subject === "Your SGW25 registration code",
      );
      code = /planner is (\d{6})/.exec(mail?.text ?? "")?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);

  // The name from the organiser's list came along from the invitation's link.
  await expect(guest.getByLabel("Name (optional)")).toHaveValue("Coded Guest");

  // A wrong code is refused and the page keeps what was typed; the right one makes the account.
  await guest.getByLabel("Code from the mail").fill(code === "000000" ? "111111" : "000000");
  await guest.getByRole("button", { name: "Create my account" }).click();
  await expect(guest.getByText("That code is not right", { exact: false }).first()).toBeVisible();
  await guest.getByLabel("Code from the mail").fill(code);
  await guest.getByRole("button", { name: "Create my account" }).click();
  await expect(guest).toHaveURL(/\/survey\/\d+$/);
  await expect(guest.getByText(`You are logged in as ${guestEmail}`)).toBeVisible();

  // No password yet: /account offers to set one, without asking for a current one.
  await guest.goto("/account");
  const password = guest.getByRole("region", { name: "Set a password" });
  await expect(password).toBeVisible();
  await expect(password.getByLabel(/current password/i)).toHaveCount(0);
  await context.close();
});

test("tidy up: edit a house, remove a survey, delete an account and a house, each through its own page", async ({
  browser,
  javaScriptEnabled,
  request,
}) => {
  // Throwaway data of its own: the demo data other specs count on stays as it is.
  const tag = randomBytes(3).toString("hex");
  const keeps = await apiMember(request, `Tidy Keeps ${tag}`, { attending: "yes" });
  const leaves = await apiMember(request, `Tidy Leaves ${tag}`, { attending: "maybe" });
  const house = await apiHouse(request, keeps, `Tidy House ${tag}`);
  await apiVote(request, keeps, house.id, "love");
  await apiVote(request, leaves, house.id, "like");
  const votesOf = async (member: ApiMember) =>
    (await (await request.get("/api/user/votes", { headers: bearer(member) })).json()) as unknown[];
  const organiser = await organiserPage(browser, javaScriptEnabled, "/organiser/houses");

  // Edit: every field of the suggest form, the same checks and messages; a bad value keeps the rest.
  const renamed = `Renamed Tidy House ${tag}`;
  await organiser
    .getByRole("link", { name: `Edit ${house.title}`, exact: true })
    .last()
    .click();
  await expect(
    organiser.getByRole("heading", { level: 1, name: `Edit the house “${house.title}”` }),
  ).toBeVisible();
  await expect(organiser.getByLabel("Title", { exact: true })).toHaveValue(house.title);
  await expect(organiser.getByLabel("City", { exact: true })).toHaveValue("Breckenridge");
  await organiser.getByLabel("Title", { exact: true }).fill(renamed);
  await organiser.getByLabel("Image URL", { exact: true }).fill("https://127.0.0.1:9/season.gif");
  await organiser.getByRole("button", { name: "Save the house" }).click();
  await expect(organiser.getByText("Image URL must end with .png, .jpg, or .jpeg")).toBeVisible();
  await expect(organiser.getByLabel("Image URL", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(organiser.getByLabel("Title", { exact: true })).toHaveValue(renamed);
  await organiser.getByLabel("Image URL", { exact: true }).fill("https://127.0.0.1:9/season.jpg");
  await organiser.getByLabel(/^Price for the whole stay/).fill("900");
  await organiser.getByLabel(/^Currency/).fill("USD");
  await organiser.getByRole("button", { name: "Save the house" }).click();
  await expectStatus(organiser, `${renamed} is updated.`);
  const row = organiser.getByRole("row", { name: new RegExp(`^${renamed}`) });
  await expect(row).toContainText("Breckenridge, CO");
  await expect(row).toContainText("$900 for the stay");
  await expect(organiser.getByRole("row", { name: new RegExp(`^${house.title} `) })).toHaveCount(0);

  // Remove a survey: the account, its sessions and votes stay.
  await confirmTidyUp(organiser, {
    link: `Remove survey of ${keeps.email}`,
    heading: `Remove the survey of ${keeps.name} <${keeps.email}>?`,
    goes: [
      "Their submitted survey (attending: yes), from every table, chart and CSV",
      "Their account, sessions and votes stay",
    ],
    button: "Remove the survey",
    done: `The survey of ${keeps.email} is removed.`,
  });
  await expect(organiser.getByRole("list", { name: /^Not submitted/ })).toContainText(keeps.email);
  await expect(organiser.getByRole("table", { name: /^Submitted/ })).not.toContainText(keeps.email);
  expect(await (await request.get("/api/survey", { headers: bearer(keeps) })).json()).toEqual({});
  expect(await votesOf(keeps)).toHaveLength(1);

  // Delete an account: its session, its vote and its survey go with it.
  await confirmTidyUp(organiser, {
    link: `Delete account of ${leaves.email}`,
    heading: `Delete the account of ${leaves.name} <${leaves.email}>?`,
    goes: [
      `The account ${leaves.email}: it can no longer log in`,
      "Its 1 session (logged out everywhere)",
      "Its 1 vote on houses",
      "Its submitted survey",
      "It suggested no houses",
    ],
    button: "Delete the account",
    done: `The account of ${leaves.email} is deleted.`,
  });
  await expect(organiser.getByRole("region", { name: "Who has answered" })).not.toContainText(leaves.email);
  expect((await request.get("/api/user", { headers: bearer(leaves) })).status()).toBe(401);
  const login = await request.post("/api/login", { data: { email: leaves.email, password: NEW_PASSWORD } });
  expect(login.status()).toBe(401);
  const summary = await (await request.get("/api/houses/votes/summary", { headers: bearer(keeps) })).json();
  expect(summary[house.id]).toEqual({ love: 1, like: 0, dislike: 0 });

  // Delete a house: "Keep it" changes nothing; confirming takes the house and its votes.
  await organiser.goto("/organiser/houses");
  await organiser
    .getByRole("link", { name: `Delete ${renamed}`, exact: true })
    .last()
    .click();
  await organiser.getByRole("link", { name: "Keep it: back to Houses" }).click();
  await expect(organiser.getByRole("row", { name: new RegExp(`^${renamed}`) })).toHaveCount(1);
  await confirmTidyUp(organiser, {
    from: "/organiser/houses",
    link: `Delete ${renamed}`,
    heading: `Delete the house “${renamed}”?`,
    goes: [`The house ${renamed}, from the houses page and the CSV`, "Its 1 vote, and its photo"],
    button: "Delete the house and its votes",
    done: `${renamed} is deleted, with its 1 vote.`,
  });
  await expect(organiser.getByRole("row", { name: new RegExp(`^${renamed}`) })).toHaveCount(0);
  expect(await votesOf(keeps)).toEqual([]);
  const houses = (await (await request.get("/api/houses", { headers: bearer(keeps) })).json()) as Array<{
    id: number;
  }>;
  expect(houses.map((entry) => entry.id)).not.toContain(house.id);

  // The member who stayed goes too, so the next project starts from the same data.
  await confirmTidyUp(organiser, {
    link: `Delete account of ${keeps.email}`,
    heading: `Delete the account of ${keeps.name} <${keeps.email}>?`,
    goes: ["Its 0 votes on houses", "It has no submitted survey"],
    button: "Delete the account",
    done: `The account of ${keeps.email} is deleted.`,
  });
  await organiser.context().close();
});

/**
 * The FIXTURE of the headcount unit test (six members, one a "no"), plus two more who will share a
 * room so that sharers pair up exactly (one "yes", one "maybe"): the counts then add to whatever the
 * other members answered, whatever their number.
 */
const HEADCOUNT_MEMBERS = [
  ...FIXTURE,
  {
    name: "Gus",
    attending: "yes",
    extra_guests: { boo: false, child: false },
    share_room: "yes",
    sober: "no",
    shirt_size: { self: "xl", boo: "", child: "" },
  },
  {
    name: "Hal",
    attending: "maybe",
    extra_guests: { boo: false, child: false },
    share_room: "yes",
    sober: "yes",
    shirt_size: { self: "s", boo: "", child: "" },
  },
];

/**
 * Counted by hand from HEADCOUNT_MEMBERS, [yes, yes + maybe]; Fay says "no" and counts nowhere.
 * Members: yes Ana, Bo, Cy, Gus; maybe Di, Ed, Hal. Guests: Ana's boo and child, Di's boo (maybe).
 * People: Ana 3 + Bo, Cy, Gus 1 each = 6; + Di 2 + Ed 1 + Hal 1 = 10.
 * Bedrooms: Ana's family 1, Cy alone 1, Bo and Gus share 1 = 3; + Di's couple 1, Ed and Hal share 1 = 5.
 * Sober yes: Ana, Cy; + Hal. Sober no: Bo, Gus; + Ed. (Di did not answer.)
 * Shirts, self: m Ana, Bo; s Cy (+ Hal); xl Gus; l Di; 2xl Ed. Boo: l Ana (+ Di); Bo's xl has no boo.
 * Child: xs Ana; Di's s has no child.
 */
const HAND_COUNT: Record<string, [number, number]> = {
  "Members coming": [4, 7],
  "Boo guests": [1, 2],
  "Child guests": [1, 1],
  "People (beds needed)": [6, 10],
  "Bedrooms needed": [3, 5],
  "Sober: yes": [2, 3],
  "Sober: no": [2, 3],
  "Shirts, self, m": [2, 2],
  "Shirts, self, s": [1, 2],
  "Shirts, self, xl": [1, 1],
  "Shirts, self, l": [0, 1],
  "Shirts, self, 2xl": [0, 1],
  "Shirts, boo, l": [1, 2],
  "Shirts, child, xs": [1, 1],
};
const HAND_COUNT_SHARING = ["Ana", "Bo", "Ed", "Gus", "Hal"];

/** after - before for every row either side has (a shirt size nobody wears is not on the page). */
function added(before: Map<string, [number, number]>, after: Map<string, [number, number]>) {
  const labels = new Set([...before.keys(), ...after.keys()]);
  const difference: Record<string, [number, number]> = {};
  for (const label of labels) {
    const [yesBefore, allBefore] = before.get(label) ?? [0, 0];
    const [yesAfter, allAfter] = after.get(label) ?? [0, 0];
    if (yesAfter !== yesBefore || allAfter !== allBefore) {
      difference[label] = [yesAfter - yesBefore, allAfter - allBefore];
    }
  }
  return difference;
}

/** The page and the CSV say the same; the page leaves out the shirt sizes nobody wears. */
function expectSameNumbers(page: Map<string, [number, number]>, csv: Map<string, [number, number]>) {
  for (const label of page.keys()) expect(csv.has(label), label).toBe(true);
  for (const [label, numbers] of csv) expect(page.get(label) ?? [0, 0], label).toEqual(numbers);
}

test("the headcount and its CSV add up to the hand count of eight members' surveys", async ({
  browser,
  javaScriptEnabled,
  request,
}) => {
  const organiser = await organiserPage(browser, javaScriptEnabled);
  const pageBefore = await headcountOnPage(organiser);
  const csvBefore = await headcountFromCsv(organiser);
  expectSameNumbers(pageBefore.numbers, csvBefore.numbers);

  const tag = randomBytes(3).toString("hex");
  const members: ApiMember[] = [];
  for (const { name, ...survey } of HEADCOUNT_MEMBERS) {
    members.push(await apiMember(request, `${name} ${tag}`, survey));
  }
  await organiser.goto("/organiser");
  const pageAfter = await headcountOnPage(organiser);
  const csvAfter = await headcountFromCsv(organiser);
  expectSameNumbers(pageAfter.numbers, csvAfter.numbers);
  expect(added(pageBefore.numbers, pageAfter.numbers)).toEqual(HAND_COUNT);
  expect(added(csvBefore.numbers, csvAfter.numbers)).toEqual(HAND_COUNT);
  const sharers = HAND_COUNT_SHARING.map((name) => `${name} ${tag}`);
  for (const sharing of [pageAfter.sharing, csvAfter.sharing]) {
    expect(sharing.filter((name) => name.endsWith(` ${tag}`))).toEqual(sharers);
  }

  // Their accounts go again (the confirmation page's post; the tidy-up test walks the page itself),
  // and so do their numbers.
  for (const member of members) await deleteAccount(organiser, member);
  await organiser.goto("/organiser");
  expect((await headcountOnPage(organiser)).numbers).toEqual(pageBefore.numbers);
  expect((await headcountFromCsv(organiser)).numbers).toEqual(csvBefore.numbers);
  await organiser.context().close();
});

test("/organiser/houses fits a 390 px phone with a 200-character house title, and a 1280 px screen", async ({
  browser,
  javaScriptEnabled,
  request,
}) => {
  const tag = randomBytes(3).toString("hex");
  const member = await apiMember(request, `Long Title ${tag}`, { attending: "yes" });
  const title = unbroken(`Lakeview🏡Chalet${tag}`, 200);
  const house = await apiHouse(request, member, title);
  const organiser = await organiserPage(browser, javaScriptEnabled, "/organiser/houses");
  const shots = process.env.E2E_SHOTS;
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await organiser.setViewportSize(viewport);
    await organiser.goto("/organiser/houses");
    // A card on a phone, a row of the table where it fits; the long title wraps inside its box.
    const cell =
      viewport.width < 830
        ? organiser.getByRole("heading", { level: 3, name: title })
        : organiser.getByRole("rowheader", { name: new RegExp(`^${title.slice(0, 40)}`) });
    await expect(cell).toBeVisible();
    const width = await organiser.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width, `/organiser/houses at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
    const box = await cell.boundingBox();
    expect(box!.width, `the title's cell at ${viewport.width} px`).toBeLessThan(viewport.width);
    if (shots) {
      const mode = javaScriptEnabled ? "js" : "no-js";
      await organiser.screenshot({
        path: `${shots}/organiser-${viewport.width}-${mode}.png`,
        fullPage: true,
      });
    }
  }

  // Restore: the house and the member go, through their confirmation pages.
  await organiser.setViewportSize({ width: 390, height: 844 });
  await confirmTidyUp(organiser, {
    from: "/organiser/houses",
    link: `Delete ${title}`,
    heading: `Delete the house “${title}”?`,
    goes: ["Its 0 votes, and its photo"],
    button: "Delete the house and its votes",
    done: `${title} is deleted, with its 0 votes.`,
  });
  await deleteAccount(organiser, member);
  expect(house.title).toBe(title);
  await organiser.context().close();
});
