import { expect, test } from "@playwright/test";
import { WINDOWS } from "../../app/features/editions/lib/weekends";
import { DEMO_PASSWORD, login } from "./support";
import { CASEY, choose, fillBasicInfo, fillDetails, next, savedSurvey, yesMemberFor } from "./survey-support";

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
    await login(page, member.email);
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
    await expect(page.getByRole("link", { name: "Edit details" })).toHaveAttribute("href", "/survey/2");

    await page.getByRole("button", { name: "Submit Survey" }).click();
    await expect(page).toHaveURL(/\/survey\/7$/);
    await expect(page.getByRole("alert")).toHaveText("Survey submitted successfully!");
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
    await login(page, CASEY.email);
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
    await login(page, member.email);
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
