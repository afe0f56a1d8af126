import { expect, test, type Download } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { readFile } from "node:fs/promises";
import { signedIn } from "./support";

async function text(download: Download) {
  return readFile(await download.path(), "utf8");
}

test(
  "best weekends on /results: the seeded answers ranked, the planned weekend marked, no names",
  { tag: "@once" },
  async ({ page }) => {
    await page.goto("/results");
    const section = page.getByRole("region", { name: "Best Weekends" });
    const body = section.locator("tbody tr");
    await expect(body).toHaveCount(5);
    const cells = await Promise.all((await body.all()).map((row) => row.locator("th, td").allTextContents()));
    // Alex yes 18-21, Sam yes 19/20/22, Riley yes 17/19/20, Jordan maybe 20/21 (weeks from Apr 3).
    expect(cells).toEqual([
      ["1", "Aug 21 - Aug 25 (planned weekend)", "3", "1", "100.0%"],
      ["2", "Aug 14 - Aug 18", "3", "0", "75.0%"],
      ["3", "Aug 28 - Sep 1", "1", "1", "50.0%"],
      ["4", "Aug 7 - Aug 11", "1", "0", "25.0%"],
      ["5", "Sep 4 - Sep 8", "1", "0", "25.0%"],
    ]);
    await expect(section.getByText(/a tie goes to the weekend with more yes answers/)).toBeVisible();
    for (const name of ["Alex", "Sam", "Riley", "Jordan"]) {
      await expect(section.getByText(name)).toHaveCount(0);
    }
  },
);

test("a house card says how the house fits the expected group", { tag: "@once" }, async ({ page }) => {
  await signedIn(page, "jordan@example.com", "/houses");
  // 3 yes with 4 guests, 1 maybe: 7 to 8 people.
  const card = page.getByRole("article", { name: "Lakeside Lodge", exact: true });
  await expect(card.getByText("Fits: 11 beds and 7 bedrooms for 7–8 people")).toBeVisible();
});

test(
  "/organiser: anonymous visitors go to login, members who are not organisers get 403",
  { tag: "@once" },
  async ({ page }) => {
    await page.goto("/organiser");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Forganiser$/);
    await signedIn(page, "alex@example.com");
    const response = await page.goto("/organiser");
    expect(response?.status()).toBe(403);
    await expect(
      page.getByRole("alert").filter({ hasText: "Only organisers can open this page." }),
    ).toBeVisible();
    expect((await page.request.get("/organiser/surveys.csv")).status()).toBe(403);
    expect((await page.request.get("/organiser/houses.csv")).status()).toBe(403);
  },
);

test("the organiser downloads the survey table and the houses as CSV", async ({ page }) => {
  await signedIn(page, "organiser@example.com", "/organiser/people");
  await expect(page.getByRole("heading", { name: "People", level: 1 })).toBeVisible();
  const submitted = page.getByRole("table", { name: /Submitted/ });
  await expect(submitted.getByRole("row", { name: /Alex/ })).toContainText("alex@example.com");
  await expect(page.getByRole("list", { name: /Not submitted/ })).toContainText("organiser@example.com");
  // The downloads are on the overview, which the navigation's Organiser link opens.
  await page.getByRole("navigation", { name: "Survey" }).getByRole("link", { name: "Organiser" }).click();
  await expect(page.getByRole("heading", { name: "Organiser", level: 1 })).toBeVisible();

  const [surveyFile] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the complete survey table (CSV)" }).click(),
  ]);
  expect(surveyFile.suggestedFilename()).toBe("sgw25-surveys.csv");
  const surveys = parse(await text(surveyFile), { columns: true, bom: true }) as Array<
    Record<string, string>
  >;
  const byEmail = new Map(surveys.map((row) => [row.Email, row]));
  for (const email of ["alex", "sam", "jordan", "riley", "casey"]) {
    expect(byEmail.has(`${email}@example.com`)).toBe(true);
  }
  expect(byEmail.has("organiser@example.com")).toBe(false);
  expect(byEmail.get("alex@example.com")).toMatchObject({
    Name: "Alex",
    Attending: "Yes",
    "Wants To Extend": "Start Earlier & End Later",
    "OK Countries": "USA, Canada",
    "Available Weekends": "Aug 7 - Aug 11; Aug 14 - Aug 18; Aug 21 - Aug 25; Aug 28 - Sep 1",
  });
  expect(byEmail.get("jordan@example.com")).toMatchObject({ Attending: "Maybe", "Attended SGW24": "No" });

  const [houseFile] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the houses with their votes (CSV)" }).click(),
  ]);
  expect(houseFile.suggestedFilename()).toBe("sgw25-houses.csv");
  const houses = parse(await text(houseFile), { columns: true, bom: true }) as Array<Record<string, string>>;
  const titles = houses.map((row) => row.Title);
  for (const title of ["Lakeside Lodge", "Cabin by the Falls", "Casa del Mar", "Mountain View Retreat"]) {
    expect(titles).toContain(title);
  }
  const lakeside = houses.find((row) => row.Title === "Lakeside Lodge");
  expect(lakeside).toMatchObject({ City: "Lake Placid", Country: "USA", Bedrooms: "7", Beds: "11" });
  // The Houses page says the same loves.
  await page.goto("/organiser/houses");
  const row = page.getByRole("row", { name: /^Lakeside Lodge/ });
  await expect(row.getByRole("cell").nth(0)).toHaveText(lakeside!.Loves);
  const orlando = houses.find((entry) => entry.Title === "Orlando Family Villa");
  expect(orlando).toMatchObject({ "Previous House": "yes", Year: "2023" });

  // The overview also offers the whole planner as a backup file, and says when the last one was taken.
  await page.goto("/organiser");
  await expect(
    page.getByText(/^(Last backup: .+, .+|No backup yet: the server takes one every night)/),
  ).toBeVisible();
  const [backupFile] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download a backup" }).click(),
  ]);
  expect(backupFile.suggestedFilename()).toMatch(/^sgw25-backup-.*-download\.jsonl$/);
  const [header, ...rest] = (await text(backupFile)).trimEnd().split("\n");
  expect(JSON.parse(header!)).toMatchObject({ format: "sgw25-backup", from: "pglite" });
  expect(JSON.parse(rest.at(-1)!)).toMatchObject({ end: true });
});

test("/sgw25 links to a calendar file of the weekend", { tag: "@once" }, async ({ page }) => {
  await page.goto("/sgw25");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Add SGW25 to your calendar (.ics)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("sgw25.ics");
  const ics = await text(download);
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain("DTSTART;VALUE=DATE:20250821\r\n");
  expect(ics).toContain("DTEND;VALUE=DATE:20250826\r\n");
  const response = await page.request.get("/sgw25.ics");
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
});
