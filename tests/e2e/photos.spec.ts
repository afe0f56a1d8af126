import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { IMAGE_SERVER, signedIn, uniqueListing } from "./support";

// Bytes and attributes, not time: /houses paints its first card's photo at once, and every photo
// comes from this site (the stored copy), never from the listing site.
test(
  "a suggested house's photo is stored and served small from this site; the first card's is not lazy",
  { tag: "@once" },
  async ({ page, baseURL, browser }) => {
    const title = `Photo Lodge ${randomBytes(4).toString("hex")}`;
    await signedIn(page, "riley@example.com");
    await page.goto("/houses-suggest");
    await page.getByLabel("Listing URL").fill(uniqueListing());
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Image URL").fill(`${IMAGE_SERVER}/photo.jpg?w=2000`);
    await page.getByLabel("City").fill("Aspen");
    await page.getByLabel("State / Province").selectOption("CO");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "House submitted successfully!" })).toBeVisible();

    // The fetch runs in the background: the card shows the placeholder until the photo is stored.
    const photo = page.getByRole("article", { name: title, exact: true }).locator(".house-image img");
    await expect(async () => {
      await page.goto("/houses");
      expect(await photo.getAttribute("src")).toMatch(/^\/photos\/\d+-400\.[0-9a-f]{12}\.webp$/);
    }).toPass({ timeout: 15_000 });
    expect(await photo.getAttribute("srcset")).toMatch(
      /-400\.[0-9a-f]{12}\.webp 400w, .*-800\.[0-9a-f]{12}\.webp 800w$/,
    );

    const first = page.locator(".house-card .house-image img").first();
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    // The head asks for it before the scripts are even seen.
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute("href", (await first.getAttribute("src"))!);
    await expect(preload).toHaveAttribute("fetchpriority", "high");
    const others = page.locator(".house-card .house-image img");
    const count = await others.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 1; i < count; i++) await expect(others.nth(i)).toHaveAttribute("loading", "lazy");

    // Every card image, wherever it is on the page, is asked for from this site.
    const images: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image") images.push(request.url());
    });
    await page.goto("/houses");
    // Count again: a spec running beside this one may have moved a house to the previous houses.
    const shown = await others.count();
    for (let i = 0; i < shown; i++) await others.nth(i).scrollIntoViewIfNeeded();
    await expect(photo).toHaveJSProperty("complete", true);
    expect(images.length).toBeGreaterThan(0);
    for (const url of images) expect(new URL(url).origin).toBe(new URL(baseURL!).origin);
    const sources = await others.evaluateAll((imgs) =>
      imgs.map((img) => (img as HTMLImageElement).currentSrc),
    );
    for (const src of sources) expect(new URL(src).origin).toBe(new URL(baseURL!).origin);

    const stored = await page.request.get((await photo.getAttribute("src"))!);
    expect(stored.status()).toBe(200);
    expect(stored.headers()["content-type"]).toBe("image/webp");
    expect(stored.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await stored.body()).length).toBeLessThan(40_000);

    // A phone (412 px at DPR 1.75, Lighthouse's) gets the 640 px rendition, not the 800. Every stored
    // photo's card, and the first card's preload, has the same srcset and sizes (cardPhoto,
    // PHOTO_SIZES); the demo's first house is a drawing on this site, so this one is looked at.
    const srcset = (await photo.getAttribute("srcset"))!;
    const widths = srcset.split(", ").map((candidate) => Number(/ (\d+)w$/.exec(candidate)![1]));
    expect(Math.min(...widths.filter((width) => width > 400))).toBeLessThanOrEqual(640);
    const sizes = await photo.getAttribute("sizes");
    expect(sizes).toBeTruthy();
    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 1.75,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const onPhone = await phone.newPage();
      await onPhone.goto("/houses");
      const card = onPhone.getByRole("article", { name: title, exact: true }).locator(".house-image img");
      await card.scrollIntoViewIfNeeded();
      await expect(card).toHaveJSProperty("complete", true);
      const picked = await card.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(picked).toMatch(/-640\.[0-9a-f]{12}\.webp$/);
      const rendition = await onPhone.request.get(picked);
      expect(rendition.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      const large = await onPhone.request.get(picked.replace("-640.", "-800."));
      expect((await rendition.body()).length).toBeLessThan((await large.body()).length);
    } finally {
      await phone.close();
    }
  },
);
