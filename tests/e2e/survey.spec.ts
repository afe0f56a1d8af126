import { expect, test, type Page } from "@playwright/test";
import { WINDOWS } from "../../app/features/season/lib/weekends";
import { DEMO_PASSWORD, signedIn } from "./support";
import {
  CASEY,
  choose,
  fillBasicInfo,
  fillDetails,
  next,
  question,
  savedSurvey,
  yesMemberFor,
} from "./survey-support";

test.describe("survey", () => {
  test("not logged in shows the 'Hold Up There, Partner' screen", async ({ page }) => {
    await page.goto("/survey/2");
    await expect(page.getByRole("heading", { name: "Hold Up There, Partner" })).toBeVisible();
    await expect(page.getByText("You gotta be logged in to that.")).toBeVisible();
    const goToLogin = page.getByRole("link", { name: "Go to Login" });
    await expect(goToLogin).toHaveAttribute("href", "/auth?redirect=%2Fsurvey");
    await goToLogin.click();
    await page.getByLabel("Email").fill("jordan@example.com");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/survey\/1$/);
    await expect(page.getByLabel("Your name")).toHaveValue("Jordan");
  });

  test("attending yes: all seven sections, a reload mid-way, and a review of what was entered", async ({
    page,
  }, testInfo) => {
    const member = yesMemberFor(testInfo.project.name);
    await signedIn(page, member.email);
    await page.goto("/survey/1");
    await expect(page.getByText("Step 1 of 5")).toBeVisible();
    await fillBasicInfo(page, member.name, member.attending);
    await next(page, 2);

    await fillDetails(page, member);
    await next(page, 4);

    // The section lives in the URL and the answers on the server, so a reload loses neither.
    await page.reload();
    await expect(page).toHaveURL(/\/survey\/4$/);
    await expect(page.getByRole("heading", { name: "SGW24" })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/survey\/2$/);
    const weekends = page.getByRole("group", { name: "Which weekends work for you?" });
    for (const label of member.weekends) {
      await expect(weekends.getByRole("checkbox", { name: label, exact: true })).toBeChecked();
    }
    await expect(page.getByLabel("Your size", { exact: true })).toHaveValue(member.sizes.self);
    await next(page, 4);

    await choose(page, "Did you come to SGW24?", member.sgw24);
    await next(page, 5);
    await expect(page.getByRole("heading", { name: "Feedback" })).toBeVisible();
    await page.getByLabel("Any concerns from SGW24?").fill(member.concerns);
    await page.getByLabel("Suggestions for SGW25?").fill(member.suggestions);
    await page.getByLabel("Anyone you don't want to see?").fill("");
    await next(page, 6);

    await expect(page.getByRole("heading", { name: "Review" })).toBeVisible();
    const basics = page.getByRole("region", { name: "Basic info" });
    await expect(basics).toContainText(member.name);
    await expect(basics).toContainText("Are you coming to SGW25?Yes");
    const details = page.getByRole("region", { name: "Details" });
    await expect(details.getByRole("listitem")).toHaveText(member.weekends);
    await expect(details).toContainText(`Should SGW be longer?${member.extension}`);
    await expect(details).toContainText(`Which countries are you cool with?${member.countries.join(", ")}`);
    await expect(details).toContainText(`Are you cool with sharing a room?${member.shareRoom}`);
    await expect(details).toContainText(`Would you change your fate?${member.fateChange}`);
    await expect(details).toContainText(`Your size: ${member.sizes.self.toUpperCase()}`);
    await expect(details).toContainText(`Your child's size: ${member.sizes.child.toUpperCase()}`);
    const feedback = page.getByRole("region", { name: "Feedback" });
    await expect(feedback).toBeVisible();
    await expect(feedback).toContainText(member.concerns);
    await expect(page.getByRole("link", { name: "Edit details" })).toHaveAttribute(
      "href",
      "/survey/2?from=review",
    );

    await page.getByRole("button", { name: "Submit Survey" }).click();
    await expect(page).toHaveURL(/\/survey\/7$/);
    await expect(page.getByRole("alert")).toHaveText("Survey submitted successfully!");
    // The done page says it once (the "Your survey is submitted" notice is for the sections).
    expect((await page.getByRole("main").innerText()).match(/submitted/gi)).toHaveLength(1);
    await expect(page.getByText(/^Step \d/)).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "See the results" })).toHaveAttribute(
      "href",
      "/results",
    );
    await expect(page.getByRole("link", { name: "Join the group chat" })).toHaveAttribute(
      "href",
      "https://chat.example.com/sgw25",
    );

    const saved = await savedSurvey(page);
    expect(saved).toMatchObject({
      name: member.name,
      attending: "yes",
      extra_guests: member.guests,
      sgw24_attendee: "yes",
      sgw24_concerns: member.concerns,
      shirt_size: { self: member.sizes.self, child: member.sizes.child },
    });
    const availability = saved.availability as Record<string, boolean>;
    expect(WINDOWS.filter((label) => availability[label])).toEqual(member.weekends);
  });

  test("attending no: 1 -> 3 -> 4 -> 6 -> 7 with the details left out of the review", async ({ page }) => {
    await signedIn(page, CASEY.email);
    await page.goto("/survey/1");
    await fillBasicInfo(page, CASEY.name, "No");
    await next(page, 3);
    await expect(page.getByRole("heading", { name: "We'll miss you" })).toBeVisible();
    await next(page, 4);
    await choose(page, "Did you come to SGW24?", "No");
    await next(page, 6);

    await expect(page.getByRole("region", { name: "Basic info" })).toContainText(
      "Are you coming to SGW25?No",
    );
    await expect(page.getByRole("region", { name: "Details" })).toHaveCount(0);
    // Desktop viewport: the feedback rows stay hidden for someone who was not at SGW24.
    await expect(page.getByRole("region", { name: "Feedback" })).toBeHidden();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/survey\/4$/);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/survey\/3$/);
    await next(page, 4);
    await next(page, 6);

    await page.getByRole("button", { name: "Submit Survey" }).click();
    await expect(page).toHaveURL(/\/survey\/7$/);
    await expect(page.getByRole("alert")).toHaveText("Survey submitted successfully!");
    expect(await savedSurvey(page)).toMatchObject({
      name: CASEY.name,
      attending: "no",
      sgw24_attendee: "no",
    });
  });

  test("a second submit replaces the first: one survey per member", async ({ page }, testInfo) => {
    const member = yesMemberFor(testInfo.project.name);
    await signedIn(page, member.email);
    const submitFeedback = async (dontWannaSee: string) => {
      await page.goto("/survey/5");
      // The survey says who reads this one answer, next to the question.
      await expect(page.getByLabel("Anyone you don't want to see?")).toHaveAccessibleDescription(
        "Only the organisers see this answer.",
      );
      await page.getByLabel("Anyone you don't want to see?").fill(dontWannaSee);
      await next(page, 6);
      await page.getByRole("button", { name: "Submit Survey" }).click();
      await expect(page).toHaveURL(/\/survey\/7$/);
    };
    await submitFeedback("Nobody, I promise");
    expect((await savedSurvey(page)).sgw25_dont_wanna_see).toBe("Nobody, I promise");
    // The seeded answer is empty; submitting it again leaves the demo data as it was.
    await submitFeedback("");
    const saved = await savedSurvey(page);
    expect(saved.sgw25_dont_wanna_see).toBe("");
    expect(saved.name).toBe(member.name);

    await page.goto("/sgw25");
    const coming = page.locator(".card", { has: page.getByRole("heading", { name: "Definitely coming" }) });
    await expect(coming.getByRole("listitem").filter({ hasText: member.name })).toHaveCount(1);
  });
});

// Rough edges a season walk found on a 390 px phone (issue 32: 2, 8 and 13), walked as found.
test.describe("survey on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const counter = (page: Page) => page.locator(".survey-progress");

  test("Edit on the review, then Next, returns to the review; the counter follows the member's own path", async ({
    page,
  }, testInfo) => {
    const member = yesMemberFor(testInfo.project.name);
    await signedIn(page, member.email);
    await page.goto("/survey/6");
    // Yes, and at SGW24: 1, 2, 4, 5 and the review.
    await expect(counter(page)).toHaveText("Step 5 of 5");

    // The weekends read in date order, top to bottom, in one column.
    const weekends = page.getByRole("region", { name: "Details" }).getByRole("listitem");
    await expect(weekends).toHaveText(member.weekends);
    const boxes = await weekends.evaluateAll((items) => items.map((item) => item.getBoundingClientRect()));
    for (const [index, box] of boxes.entries()) {
      if (index === 0) continue;
      expect(box.left).toBe(boxes[0].left);
      expect(box.top).toBeGreaterThan(boxes[index - 1].top);
    }

    await page.getByRole("link", { name: "Edit details" }).click();
    await expect(page).toHaveURL(/\/survey\/2\?from=review$/);
    await expect(counter(page)).toHaveText("Step 2 of 5");
    // The 39 weekends come in a group per month, and every row is a tap target of at least 44 px.
    const group = question(page, "Which weekends work for you?");
    const months = [...new Set(WINDOWS.map((label) => label.split(" ")[0]))];
    await expect(group.getByRole("group")).toHaveCount(months.length);
    await expect(group.getByRole("group", { name: "Apr" }).getByRole("checkbox")).toHaveCount(
      WINDOWS.filter((label) => label.startsWith("Apr ")).length,
    );
    const rows = group.locator("label");
    await expect(rows).toHaveCount(39);
    for (const box of await rows.evaluateAll((labels) =>
      labels.map((label) => label.getBoundingClientRect()),
    )) {
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    // A tap at the far end of a row ticks its box.
    const first = group.getByRole("checkbox", { name: WINDOWS[0], exact: true });
    const firstRow = rows.first();
    const size = (await firstRow.boundingBox())!;
    await expect(first).not.toBeChecked();
    await firstRow.click({ position: { x: size.width - 4, y: size.height / 2 } });
    await expect(first).toBeChecked();
    await firstRow.click({ position: { x: size.width - 4, y: size.height / 2 } });
    await expect(first).not.toBeChecked();

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/survey\/6$/);
    await expect(page.getByRole("heading", { name: "Review" })).toBeVisible();
    await page.getByRole("link", { name: "Edit basic info" }).click();
    await expect(counter(page)).toHaveText("Step 1 of 5");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/survey\/6$/);
    const saved = await savedSurvey(page);
    expect(WINDOWS.filter((label) => (saved.availability as Record<string, boolean>)[label])).toEqual(
      member.weekends,
    );
  });

  test("a refused section is answered in view: focused with JavaScript, at the top of the page without", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const member = yesMemberFor(testInfo.project.name);
    await signedIn(page, member.email);
    await page.goto("/survey/2");
    const before = await savedSurvey(page);
    // An answer the form cannot send (a stale page or another client): the server refuses it.
    await page.route("**/survey/2*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const form = new URLSearchParams(route.request().postData() ?? "");
      form.set("sober", "perhaps");
      await route.continue({ postData: form.toString() });
    });
    const nextButton = page.getByRole("button", { name: "Next" });
    await nextButton.scrollIntoViewIfNeeded();
    await nextButton.click();
    const alert = page.getByRole("alert").filter({ hasText: "Please check these answers" });
    await expect(alert).toContainText("“Are you okay staying sober?”: choose one of “Yes” or “No”");
    await expect(page).toHaveURL(/\/survey\/2$/);
    await expect(alert).toBeInViewport();
    if (javaScriptEnabled) await expect(alert).toBeFocused();
    else expect(await page.evaluate(() => window.scrollY)).toBeLessThan(400);
    await page.unroute("**/survey/2*");
    expect((await savedSurvey(page)).sober).toBe(before.sober);
  });
});
