import { expect, test } from "@playwright/test";
import { signedIn } from "./support";

// Read-only: these tests look at /houses and never vote, so the demo data stays as seeded.
const MEMBER = "jordan@example.com";

test("a card whose photo fails shows the placeholder, not the broken-image icon", async ({ page }) => {
  await signedIn(page, MEMBER);
  await page.route("**/images/weekend-wide.svg", (route) => route.abort());
  await page.goto("/houses");
  const image = page.locator("article", { hasText: "Lakeside Lodge" }).locator(".house-image img");
  await image.scrollIntoViewIfNeeded();
  // Either JS swapped in the placeholder, or (without JS) the img stayed broken and its ::after,
  // which browsers draw only on a broken img, covers it with the placeholder.
  await expect
    .poll(() =>
      image.evaluate((img: HTMLImageElement) => {
        if (!img.complete) return "loading";
        if (img.naturalWidth > 0)
          return img.currentSrc.endsWith("/images/house-placeholder.svg") ? "placeholder" : img.currentSrc;
        const cover = getComputedStyle(img, "::after");
        const covers =
          cover.content !== "none" &&
          cover.position === "absolute" &&
          cover.backgroundImage.includes("house-placeholder.svg");
        return covers ? "placeholder" : "broken-image icon";
      }),
    )
    .toBe("placeholder");
});

for (const width of [320, 390, 1280]) {
  test(`the three vote buttons stay on one row at ${width} px`, { tag: "@once" }, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signedIn(page, MEMBER);
    await page.goto("/houses");
    const forms = page.locator(".vote-form");
    expect(await forms.count()).toBeGreaterThan(0);
    for (const form of await forms.all()) {
      const tops = await form
        .getByRole("button")
        .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
      expect(tops).toHaveLength(3);
      expect(new Set(tops).size, `vote buttons on one row: ${tops.join(", ")}`).toBe(1);
      const overflow = await form.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
}
