import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { apiMember, decideSeason as decide, organiserPage } from "./season-support";
import { DEMO_PASSWORD, NEW_PASSWORD } from "./support";

/**
 * The form crawler (docs/decisions/026-one-form-answer.md): every page a member and the organiser
 * reach from the app's menus, every `<form method="post">` on it, found in the page, never named.
 * On a 390 px phone, with JavaScript on and off, each refusable form is sent once empty and once
 * with wrong values, and then:
 * - a `role="alert"` message lies within the viewport (no scrolling needed to see the answer);
 * - what was typed is still in the fields (an over-long value may come back cut to its limit;
 *   passwords and one-time codes never come back);
 * - nothing was saved: the page, loaded again, reads as before;
 * - with JavaScript, the console shows no error (a refusal is an expected answer);
 * - with JavaScript, the form sent once more over a cut network says in its place, in view, that
 *   nothing was saved, and keeps what was typed (the client's answer, submit-failure.ts).
 *
 * Which forms are refusable, and what is wrong, is read from each form's own markup, the promise the
 * page makes: a form is sent empty when it has a `required` field to type in (a form that may be sent
 * empty, e.g. Log out, a vote, a confirm step, a toggle, Leave-empty-for-the-default texts, is a
 * button, not a refusable form), and with wrong values when a field it has states a limit: `maxlength`
 * (one character more), `type="email"` / `type="url"` (not an address), `min` / `max` on a number
 * (one past it), or a number typed as text (`inputmode` numeric or decimal: "-1x"). The browser's
 * own checks are switched off first (`novalidate`): the server's answer is what is tested.
 *
 * Pages: those linked from the menus (navigation landmarks) of `/`, `/organiser` and `/account`,
 * then those linked from them within the member's and organiser's areas; a path that differs only
 * in a number (one house, one member) is walked once. It chooses the weekend and the house when no
 * one has (the trip and money pages need a decided season), so it runs on a state app, last.
 */
test.describe.configure({ mode: "serial", timeout: 600_000 });

const PHONE = { width: 390, height: 844 };
const AREAS = /^\/(account|money|trip|organiser|survey|houses-suggest)(\/|$)/;
const NEVER = /^\/(logout|api|photos)|\.(csv|ics)$|\/data$/;

async function loggedIn(browser: Browser, javaScriptEnabled: boolean, email: string, password: string) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(`You are logged in as ${email}`)).toBeVisible({ timeout: 30_000 });
  return page;
}

/** The weekend and the house, chosen as trip.spec.ts does it, unless someone did already. */
async function decideSeason(browser: Browser, javaScriptEnabled: boolean) {
  const organiser = await organiserPage(browser, javaScriptEnabled, "/organiser/decide");
  await decide(organiser);
  await organiser.context().close();
}

const pattern = (path: string) => path.replace(/\d+/g, ":n");

/** Same-origin links of the page (in its menus only, or anywhere), as paths. */
async function linksOf(page: Page, menusOnly: boolean) {
  const hrefs = await page
    // A link marked `download` (a CSV, the backup) is a file, not a page.
    .locator(menusOnly ? "nav a[href^='/']:not([download])" : "main a[href^='/']:not([download])")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute("href") ?? ""));
  return hrefs.map((href) => href.split(/[?#]/)[0]).filter((path) => path && !NEVER.test(path));
}

/** The pages to walk: the menus' pages, then the member's and organiser's pages linked from them. */
async function pagesOf(page: Page) {
  const seen = new Map<string, string>();
  const add = (path: string) => {
    if (!seen.has(pattern(path))) seen.set(pattern(path), path);
  };
  for (const start of ["/", "/organiser", "/account"]) {
    // A page this visitor may not open (a member on /organiser) is not theirs to walk.
    const response = await page.context().request.get(start, { maxRedirects: 0 });
    if (response.status() !== 200) continue;
    await page.goto(start);
    add(start);
    for (const path of await linksOf(page, true)) add(path);
  }
  for (const path of [...seen.values()].filter((path) => AREAS.test(path))) {
    await page.goto(path);
    for (const link of await linksOf(page, false)) if (AREAS.test(link)) add(link);
  }
  return [...seen.values()].filter((path) => AREAS.test(path));
}

type Planned = { name: string; empty: string; wrong: string | null; password: boolean };

/** Every field of the form one types into, with what "empty" and "wrong" are for it (see the header). */
async function fieldsOf(form: Locator): Promise<Planned[]> {
  return form
    .locator("input, textarea")
    .evaluateAll((elements) =>
      elements
        .map((element) => element as HTMLInputElement)
        .filter(
          (field) =>
            field.name &&
            !field.disabled &&
            !field.readOnly &&
            !["hidden", "checkbox", "radio", "submit", "button", "file", "date"].includes(field.type) &&
            field.getClientRects().length > 0,
        )
        .map((field) => {
          const max = field.getAttribute("maxlength");
          const inputMode = field.getAttribute("inputmode");
          let wrong: string | null = null;
          if (field.type === "email") wrong = "not-an-address";
          else if (field.type === "url") wrong = "not a url";
          else if (field.type === "number" && field.min) wrong = String(Number(field.min) - 1);
          else if (field.type === "number" && field.max) wrong = String(Number(field.max) + 1);
          else if (max) wrong = "x".repeat(Number(max) + 1);
          else if (inputMode === "numeric" || inputMode === "decimal") wrong = "-1x";
          return {
            name: field.name,
            empty: field.required ? "" : field.value,
            wrong,
            // Secrets (a password, a one-time code) never come back in a page.
            password: field.type === "password" || field.autocomplete === "one-time-code",
            required: field.required,
          };
        }),
    )
    .then((fields) => fields);
}

/** The page's text as a fresh load shows it, to compare before and after a refused post. */
async function snapshot(page: Page, path: string) {
  const html = await (await page.context().request.get(path)).text();
  return html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

type Outcome = { path: string; form: number; kind: string; answer: "refused" | "disabled" };

const KEPT = /nothing was saved\. Everything you entered is still here/;

/** Whether one of `alerts` lies in view (wholly, or a message taller than the screen starting in it). */
const inViewOf = (alerts: Locator) => () =>
  alerts.evaluateAll((found) =>
    found.some((element) => {
      const box = element.getBoundingClientRect();
      const fits = box.bottom <= window.innerHeight || box.height > window.innerHeight;
      return box.height > 0 && box.top >= 0 && box.top < window.innerHeight && fits;
    }),
  );

/**
 * `cut`: with JavaScript, the refused form is then sent again over a cut network, and answers in its
 * own place, in view, that nothing was saved, with what was typed still in its fields (issue 55).
 */
async function submit(page: Page, path: string, index: number, kind: "empty" | "wrong", cut = false) {
  await page.goto(path);
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
  const form = page.locator("form[method='post' i]").nth(index);
  const fields = (await fieldsOf(form)) as (Planned & { required: boolean })[];
  const typed = new Map<string, string>();
  for (const field of fields) {
    const value = kind === "empty" ? (field.required ? "" : null) : field.wrong;
    if (value === null) continue;
    const input = form.locator(`[name="${field.name}"]`).first();
    // The browser would stop at its own checks (and maxlength cuts what is typed): the server answers.
    await input.evaluate((element) => element.removeAttribute("maxlength"));
    await input.fill(value);
    typed.set(field.name, value);
  }
  await form.evaluate((element) => ((element as HTMLFormElement).noValidate = true));
  const before = await snapshot(page, path);
  // A button marked `formnovalidate` (a room's Remove) acts whatever the fields hold: not the form's
  // answer to what was typed. Of the others, the main button is the last (a secondary one, e.g.
  // Preview or Send me a code, comes first).
  const buttons = form.locator(
    ["button[type='submit']", "button:not([type])", "input[type='submit']"]
      .map((button) => `${button}:not([formnovalidate])`)
      .join(", "),
  );
  const main = buttons.last();
  if (await main.isDisabled()) {
    // A Submit the spec disables until the form is complete (with JavaScript) is never a silent pale
    // button: the words its aria-describedby names say what is missing, and they are on screen.
    const said = main.evaluate((button) =>
      (button.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .filter((element) => element && element.getClientRects().length > 0)
        .map((element) => element!.textContent)
        .join(" "),
    );
    expect(await said, `${path} form ${index} ${kind}: a disabled Submit says what is missing`).toMatch(
      /^Still needed: /,
    );
    return "disabled";
  }
  await main.click();
  const alert = page.locator("[role='alert']").filter({ visible: true });
  await expect(alert.first(), `${path} form ${index} ${kind}: an answer`).toBeVisible({ timeout: 15_000 });
  // With JavaScript the message is scrolled into view as it renders: a moment, not a scroll of one's own.
  await expect
    .poll(inViewOf(alert), {
      message: `${path} form ${index} ${kind}: the message is in view`,
      timeout: 3_000,
    })
    .toBe(true);
  const keepsTyped = async (when: string) => {
    for (const [name, value] of typed) {
      const field = fields.find((candidate) => candidate.name === name)!;
      if (field.password || value === "") continue;
      const kept = await page
        .locator(`[name="${name}"]`)
        .evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value));
      expect(
        kept.some((text) => text.length > 0 && value.startsWith(text)),
        `${path} form ${index} ${kind}${when}: ${name} keeps what was typed`,
      ).toBe(true);
    }
  };
  await keepsTyped("");
  expect(await snapshot(page, path), `${path} form ${index} ${kind}: nothing was saved`).toBe(before);
  if (cut) {
    // A form the refusal rendered anew (a remount) has the browser's own checks back: off again.
    await form.evaluate((element) => ((element as HTMLFormElement).noValidate = true));
    await page.context().setOffline(true);
    try {
      await main.click();
      const said = page.locator("[role='alert']").filter({ visible: true, hasText: KEPT });
      await expect(said.first(), `${path} form ${index}: a cut network says nothing was saved`).toBeVisible({
        timeout: 15_000,
      });
      await expect
        .poll(inViewOf(said), {
          message: `${path} form ${index}: the cut's message is in view`,
          timeout: 3_000,
        })
        .toBe(true);
      await keepsTyped(" (network cut)");
    } finally {
      await page.context().setOffline(false);
    }
    expect(await snapshot(page, path), `${path} form ${index}: nothing was saved over a cut network`).toBe(
      before,
    );
  }
  return "refused";
}

/** The forms on the page worth sending: their index, and whether they are refusable empty and wrong. */
async function refusableForms(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
  const forms = page.locator("form[method='post' i]");
  const found: { index: number; key: string; empty: boolean; wrong: boolean }[] = [];
  for (let index = 0; index < (await forms.count()); index += 1) {
    const fields = (await fieldsOf(forms.nth(index))) as (Planned & { required: boolean })[];
    const empty = fields.some((field) => field.required);
    const wrong = fields.some((field) => field.wrong !== null);
    if (!empty && !wrong) continue;
    const key = `${pattern(path)} ${fields.map((field) => field.name.replace(/\d+/g, ":n")).join(",")}`;
    found.push({ index, key, empty, wrong });
  }
  return found;
}

test("every refused form answers in view, keeps what was typed and saves nothing (390 px)", async ({
  browser,
  javaScriptEnabled,
  request,
}) => {
  await decideSeason(browser, javaScriptEnabled);
  const tag = randomBytes(3).toString("hex");
  const member = await apiMember(request, `Walker${tag}`, {
    attending: "yes",
    share_room: "yes",
    availability: { "Aug 21 - Aug 25": true },
  });
  const walked = new Set<string>();
  const outcomes: Outcome[] = [];
  for (const [email, password] of [
    ["organiser@example.com", DEMO_PASSWORD],
    [member.email, NEW_PASSWORD],
  ]) {
    const page = await loggedIn(browser, javaScriptEnabled, email, password);
    const errors: string[] = [];
    page.on("console", (message) => {
      // The browser's own line for a request made over the cut network is the cut, not an error of ours.
      if (message.type() === "error" && !message.text().includes("ERR_INTERNET_DISCONNECTED"))
        errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const path of await pagesOf(page)) {
      for (const form of await refusableForms(page, path)) {
        if (walked.has(form.key)) continue;
        walked.add(form.key);
        for (const kind of ["empty", "wrong"] as const) {
          if (!form[kind]) continue;
          // With JavaScript, each form's last refusal is sent once more over a cut network.
          const cut = javaScriptEnabled && (kind === "wrong" || !form.wrong);
          outcomes.push({
            path,
            form: form.index,
            kind,
            answer: await submit(page, path, form.index, kind, cut),
          });
        }
      }
    }
    // A refusal is an expected answer: with JavaScript, nothing in the console. (Without it, Chromium
    // itself logs the 400 of every refused page; that is the status the no-JS answer must have.)
    if (javaScriptEnabled) expect(errors, "console errors").toEqual([]);
    await page.context().close();
  }
  test.info().annotations.push({
    type: "forms",
    description: outcomes
      .map((outcome) => `${outcome.path}#${outcome.form} ${outcome.kind}: ${outcome.answer}`)
      .join("; "),
  });
  // The walk reaches the money, trip and account forms at least (new ones join without a name here).
  for (const area of ["/money", "/trip", "/account", "/organiser"]) {
    expect(
      outcomes.some((outcome) => outcome.path.startsWith(area)),
      `a form of ${area} is walked`,
    ).toBe(true);
  }
});
