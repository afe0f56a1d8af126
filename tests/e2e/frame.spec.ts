import { expect, test } from "@playwright/test";

test.describe("app frame", () => {
  test("nav links, footer and the survey sub-navigation", { tag: "@once" }, async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "About", "SGW25", "Past Events", "Login"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const sub = page.getByRole("navigation", { name: "Survey" });
    await expect(sub.getByRole("link", { name: "Survey" })).toHaveAttribute("href", "/survey");
    await expect(sub.getByRole("link", { name: "Results" })).toHaveAttribute("href", "/results");
    await expect(page.getByText("You are not logged in.")).toBeVisible();

    await nav.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About SGW");
  });

  test("Login carries the current path, except on the auth pages", async ({ page }) => {
    await page.goto("/sgw25");
    const login = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" });
    await expect(login).toHaveAttribute("href", "/auth?redirect=%2Fsgw25");
    await page.goto("/reset-password?token=abc");
    await expect(login).toHaveAttribute("href", "/auth");
    await page.goto("/auth");
    await expect(login).toHaveAttribute("href", "/auth");
  });

  test("an unknown path goes home", { tag: "@once" }, async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("the weekend of August 22-26")).toBeVisible();
  });

  test("a narrow screen gets the mobile logo, a wide one the banner", { tag: "@once" }, async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto("/");
    // Both logos are inline SVG (no request before the first paint); CSS shows the one that fits.
    const mobile = page.locator(".brand .brand-logo-mobile");
    const banner = page.locator(".brand .brand-logo");
    await expect(mobile).toBeVisible();
    await expect(banner).toBeHidden();
    expect(await mobile.evaluate((svg) => svg.getBoundingClientRect().height)).toBe(56);
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.goto("/");
    await expect(banner).toBeVisible();
    await expect(mobile).toBeHidden();
    expect(await banner.evaluate((svg) => svg.getBoundingClientRect().height)).toBeGreaterThan(100);
  });
});

test.describe("public pages", () => {
  test("home gives the dates and links to the survey and results", { tag: "@once" }, async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("the weekend of August 22-26")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Take the survey" })).toHaveAttribute(
      "href",
      "/survey",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "See the results" })).toHaveAttribute(
      "href",
      "/results",
    );
  });

  test("the event page lists who is coming and who is on the fence", { tag: "@once" }, async ({ page }) => {
    await page.goto("/sgw25");
    await expect(page.getByText("Thursday Aug 21 to Monday Aug 25.")).toBeVisible();
    await expect(page.getByText("We expect at least 8 people, possibly 12.")).toBeVisible();
    const coming = page.locator(".card", { has: page.getByRole("heading", { name: "Definitely coming" }) });
    await expect(coming.getByRole("listitem")).toContainText(["Alex", "Riley", "Sam"]);
    const fence = page.locator(".card", { has: page.getByRole("heading", { name: "On the fence" }) });
    await expect(fence.getByRole("listitem")).toContainText(["Jordan"]);
    await expect(
      page.getByRole("main").getByRole("link", { name: "See the survey results" }),
    ).toHaveAttribute("href", "/results");
  });

  test("past events shows its placeholder", { tag: "@once" }, async ({ page }) => {
    await page.goto("/past-events");
    await expect(page.getByRole("heading", { name: "Past Events" })).toBeVisible();
  });

  test("pages carry the security headers", { tag: "@once" }, async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("object-src 'none'");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    const health = await request.get("/healthz");
    expect(await health.json()).toMatchObject({ ok: true });
  });
});
