import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { keepPage, keptPage, pageCacheGeneration } from "~/platform/services/page-cache.server";
import { PlainText } from "~/platform/components/plain-text";
import { PAGE_TEXT_MAX } from "~/features/organiser/lib/page-texts";
import { callRoute, expectRedirect, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { useDemoOrganiser } from "../../tests/support/organiser-pages";
import * as organiserEvent from "~/routes/organiser_.event";
import * as about from "~/routes/about";
import * as pastEvents from "~/routes/past-events";
import * as eventPage from "~/routes/sgw25";

const organiser = useDemoOrganiser(useFreshDatabase());

const post = (form: Record<string, string>) =>
  callRoute(organiserEvent.action, makeRequest("/organiser/event", { cookie: organiser.cookie, form }));

async function shown() {
  const aboutData = await (await callRoute(about.loader, makeRequest("/about"))).json();
  const pastData = await (await callRoute(pastEvents.loader, makeRequest("/past-events"))).json();
  const eventData = await (await callRoute(eventPage.loader, makeRequest("/sgw25"))).json();
  return { about: aboutData.story, pastEvents: pastData.intro, eventNotes: eventData.notes } as Record<
    string,
    string
  >;
}

async function form() {
  const response = await callRoute(
    organiserEvent.loader,
    makeRequest("/organiser/event", { cookie: organiser.cookie }),
  );
  return (await response.json()).texts as { values: Record<string, string>; custom: Record<string, boolean> };
}

describe("the organiser's texts", () => {
  it("are the app's own texts while nothing is saved", async () => {
    const texts = await shown();
    expect(texts.eventNotes).toContain("We split the house and groceries evenly; kids stay free.");
    expect(texts.about).toContain("a single borrowed cabin");
    expect(texts.about).toContain("SGW25 is the 2025 edition.");
    expect(texts.pastEvents).toMatch(/Check back soon!|newest first/);
    const { values, custom } = await form();
    expect(values).toEqual(texts);
    expect(custom).toEqual({ eventNotes: false, about: false, pastEvents: false });
  });

  it("saves each text, shows it on its page at once and empties the visitors' page cache", async () => {
    const started = pageCacheGeneration();
    const page = { at: Date.now(), headers: {}, body: Buffer.from("old about") };
    keepPage("http /about ", page, started);
    expect(keptPage("http /about ")).toBeDefined();

    const saved = await post({
      intent: "save-texts",
      eventNotes: "Bring boots.\r\n\r\nMap: https://maps.example.org/x",
      about: "Our story <script>alert(1)</script>",
      pastEvents: "Older photos: https://photos.example.org.",
    });
    expectRedirect(saved, "/organiser/event");
    expect(keptPage("http /about ")).toBeUndefined();

    expect(await shown()).toEqual({
      eventNotes: "Bring boots.\n\nMap: https://maps.example.org/x",
      about: "Our story <script>alert(1)</script>",
      pastEvents: "Older photos: https://photos.example.org.",
    });
    expect((await form()).custom).toEqual({ eventNotes: true, about: true, pastEvents: true });

    // As the page renders it: escaped, the address a link, the sentence's full stop outside it.
    const html = renderToStaticMarkup(createElement(PlainText, { text: (await shown()).about }));
    expect(html).toBe(
      '<p class="user-text"><span>Our story &lt;script&gt;alert(1)&lt;/script&gt;</span></p>',
    );
    const links = renderToStaticMarkup(createElement(PlainText, { text: (await shown()).pastEvents }));
    expect(links).toContain('<a href="https://photos.example.org/" rel="noopener noreferrer nofollow">');
  });

  it("refuses an over-long text with a message on its field, keeping everything typed", async () => {
    const long = "x".repeat(PAGE_TEXT_MAX + 1);
    const refused = await post({ intent: "save-texts", eventNotes: "Changed", about: long, pastEvents: "" });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.fieldErrors.about).toBe("At most 4,000 characters: this one has 4,001.");
    expect(body.fieldErrors.eventNotes).toBeUndefined();
    expect(body.values).toEqual({ eventNotes: "Changed", about: long, pastEvents: "" });
    // Nothing of it was saved.
    expect((await shown()).eventNotes).toBe("Bring boots.\n\nMap: https://maps.example.org/x");
  });

  it("previews without saving", async () => {
    const answer = await post({ intent: "preview-texts", eventNotes: "Soon", about: "", pastEvents: "P" });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.preview.eventNotes).toBe("Soon");
    expect(body.preview.about).toContain("a single borrowed cabin");
    expect((await shown()).eventNotes).toBe("Bring boots.\n\nMap: https://maps.example.org/x");
  });

  it("goes back to the default on an empty save, or when the default is saved unchanged", async () => {
    const defaults = { about: "", pastEvents: "   \n ", eventNotes: "" };
    expect((await post({ intent: "save-texts", ...defaults })).status).toBe(302);
    const texts = await shown();
    expect(texts.about).toContain("a single borrowed cabin");
    expect(texts.eventNotes).toContain("We split the house");
    expect((await form()).custom).toEqual({ eventNotes: false, about: false, pastEvents: false });

    expect((await post({ intent: "save-texts", ...(await form()).values })).status).toBe(302);
    expect((await form()).custom).toEqual({ eventNotes: false, about: false, pastEvents: false });
  });
});
