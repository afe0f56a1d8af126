import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { clearEventSettings } from "~/features/season/models/event-settings.server";
import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { organiserAction, useDemoOrganiser } from "../../tests/support/organiser-pages";
import * as home from "~/routes/_index";
import * as results from "~/routes/results";
import * as eventPage from "~/routes/sgw25";
import * as calendar from "~/routes/sgw25[.]ics";

const organiser = useDemoOrganiser(useFreshDatabase());

const post = (form: Record<string, string>) =>
  callRoute(organiserAction, makeRequest("/organiser", { cookie: organiser.cookie, form }));

async function pages() {
  const homeData = await (await callRoute(home.loader, makeRequest("/"))).json();
  const eventData = await (await callRoute(eventPage.loader, makeRequest("/sgw25"))).json();
  const resultsData = await (await callRoute(results.loader, makeRequest("/results"))).json();
  const ics = await (await callRoute(calendar.loader, makeRequest("/sgw25.ics"))).text();
  const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);
  return { homeData, eventData, resultsData, vevent };
}

describe("the event as data", () => {
  it("reads the spec's facts everywhere while nothing is changed", async () => {
    const { homeData, eventData, resultsData, vevent } = await pages();
    expect(homeData.event).toMatchObject({
      shortName: "SGW25",
      name: "summer get-together",
      homeWeekend: "August 22-26",
    });
    expect(eventData.event).toMatchObject({
      weekend: "Thursday Aug 21 to Monday Aug 25",
      expectedMin: 8,
      expectedMax: 12,
    });
    expect(resultsData.best.planned).toBe("Aug 21 - Aug 25");
    expect(vevent.startDate.toString()).toBe("2025-08-21");
    expect(vevent.summary).toBe("SGW25");
  });

  it("follows the organiser's weekend and facts on every page, and refuses bad input with field messages", async () => {
    expect((await post({ intent: "choose-weekend", weekend: "Aug 28 - Sep 1" })).status).toBe(302);
    const saved = await post({
      intent: "save-event",
      name: "autumn retreat",
      shortName: "AR25",
      expectedMin: "5",
      expectedMax: "9",
      chatUrl: "https://chat.example.org/ar",
    });
    expect(saved.status).toBe(302);
    const { homeData, eventData, resultsData, vevent } = await pages();
    expect(homeData.event).toMatchObject({ shortName: "AR25", homeWeekend: "August 28 - September 1" });
    expect(homeData.decision.when).toBe("Thursday Aug 28 to Monday Sep 1, 2025");
    expect(eventData.event).toMatchObject({
      weekend: "Thursday Aug 28 to Monday Sep 1",
      // The weekend without a house is still a plan (the season state, decision 024).
      phase: "planned",
      decided: false,
      expectedMax: 9,
    });
    expect(resultsData.best.planned).toBe("Aug 28 - Sep 1");
    expect(vevent.startDate.toString()).toBe("2025-08-28");
    expect(vevent.uid).toBe("sgw25-weekend@sgw25-planner");

    const bad = await post({
      intent: "save-event",
      name: "",
      shortName: "x",
      expectedMin: "9",
      expectedMax: "3",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toMatchObject({ name: "Event name is required" });
    const badWeekend = await post({ intent: "choose-weekend", weekend: "Aug 22 - Aug 26" });
    expect(badWeekend.status).toBe(400);
    expect((await pages()).eventData.event.expectedMax).toBe(9);

    await post({ intent: "clear-weekend" });
    expect((await pages()).homeData.event.homeWeekend).toBe("August 22-26");
    await clearEventSettings();
  });
});
