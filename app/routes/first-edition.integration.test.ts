import { describe, expect, it } from "vitest";
import { issueSetupLink } from "~/features/accounts/index.server";
import {
  getCurrentEdition,
  getEventSettings,
  planFirstEdition,
  rollOver,
  saveEventFacts,
  setSurveyDeadline,
} from "~/features/season/index.server";
import { weekendAhead } from "~/features/season/lib/editions";
import type { FrozenEdition } from "~/features/season/lib/editions";
import { dayIn } from "~/features/season/lib/season-state";
import { availabilityWindows } from "~/features/season/lib/weekends";
import { recordInvitation } from "~/features/organiser/models/invitation.server";
import * as home from "~/routes/_index";
import * as nextEdition from "~/routes/organiser_.next-edition";
import * as pastEvents from "~/routes/past-events";
import * as setup from "~/routes/setup";
import { organiserLoader } from "../../tests/support/organiser-pages";
import { callRoute, cookieFrom, expectRedirect, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { env } from "~/platform/env.server";

useFreshDatabase();

const json = async (response: Response) => (await response.json()) as Record<string, never>;
const load = (route: { loader: unknown }, path: string, cookie?: string) =>
  callRoute(route.loader as never, makeRequest(path, { cookie }));

type Step = { label: string; done: boolean };
const stepsDone = async (cookie: string) => {
  const page = await json(await callRoute(organiserLoader, makeRequest("/organiser", { cookie })));
  return (
    (page.steps as Step[] | null)?.map((step) => `${step.done ? "done" : "to do"}: ${step.label}`) ?? null
  );
};

const frozen = (name: string, respondents: number): FrozenEdition => ({
  name,
  plannedWeekend: "Aug 19 - Aug 23",
  phase: "planned",
  came: 0,
  house: null,
  windows: [],
  tally: {} as FrozenEdition["tally"],
  attendance: { yes: [], maybe: [], no: [] } as unknown as FrozenEdition["attendance"],
  weekends: { counts: [], respondents },
});

describe("a new planner's first start (issue 55)", () => {
  it("plans the first edition whose weekend is ahead, first steps on /organiser, a weekend ahead next", async () => {
    // The migrations make the spec's SGW25; on 29 Nov 2026 its weekend (and August 2026's) is past.
    expect((await getCurrentEdition()).year).toBe(2025);
    expect(await planFirstEdition("2026-11-29")).toEqual({ year: 2027, shortName: "SGW27" });
    const edition = await getCurrentEdition();
    expect(edition).toMatchObject({ year: 2027, windows: availabilityWindows(2027) });
    expect(edition.names).toEqual({ current: "SGW27", previous: "SGW26" });
    const event = await getEventSettings();
    expect(event).toMatchObject({ shortName: "SGW27", year: 2027, plannedWeekend: "Aug 19 - Aug 23" });
    expect(event.weekendChosen).toBe(false);
    // The home page speaks of it as a plan, with its own dates.
    const page = await json(await load(home, "/"));
    expect(page.event).toMatchObject({ shortName: "SGW27", homeWeekend: "August 19-23", lead: "The plan:" });

    // Every start asks again: the same day changes nothing; a planner still unused a year later
    // moves on once its weekend begins (Thu Aug 19, 2027).
    expect(await planFirstEdition("2026-11-29")).toBeNull();
    expect(await planFirstEdition("2027-08-18")).toBeNull();
    expect(await planFirstEdition("2027-08-19")).toEqual({ year: 2028, shortName: "SGW28" });
    expect(await planFirstEdition("2026-11-29")).toEqual({ year: 2027, shortName: "SGW27" });

    // The first organiser, through /setup: from now on the planner is in use and its edition stays.
    const token = (await issueSetupLink())!;
    const made = await callRoute(
      setup.action as never,
      makeRequest("/setup", {
        form: { token, name: "Dana", email: "dana@example.org", password: "dana-secret-1" },
      }),
    );
    expectRedirect(made, "/organiser");
    const organiser = cookieFrom(made);
    expect(await planFirstEdition("2027-08-19")).toBeNull();
    expect((await getCurrentEdition()).year).toBe(2027);

    // /organiser says what to do first, each step ticked off as its data appears.
    expect(await stepsDone(organiser)).toEqual([
      "to do: Set the event's facts",
      "to do: Invite the group",
      "to do: Open the survey with a deadline",
    ]);
    await saveEventFacts({
      name: "summer get-together",
      shortName: "SGW27",
      expectedMin: 6,
      expectedMax: 10,
      chatUrl: "",
    });
    await recordInvitation("sam@example.org", "Sam");
    expect(await stepsDone(organiser)).toEqual([
      "done: Set the event's facts",
      "done: Invite the group",
      "to do: Open the survey with a deadline",
    ]);
    await setSurveyDeadline(new Date("2027-06-01T18:00:00Z"));
    expect(await stepsDone(organiser)).toBeNull();

    // Next edition offers only weekends ahead of today (the real clock), one of them preselected.
    const today = dayIn(new Date(), env().eventTimeZone);
    const plan = await json(await load(nextEdition, "/organiser/next-edition", organiser));
    expect(plan.year).toBeGreaterThan(2027);
    const windows = plan.windows as string[];
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.every((label) => weekendAhead(label, plan.year, today))).toBe(true);
    expect(windows).toContain(plan.plannedWeekend);
  });

  it("lists on Past Events only the editions that happened, not a year skipped by a roll-over", async () => {
    const empty = async () =>
      (await json(await load(pastEvents, "/past-events"))).editions as Array<{ name: string }>;
    const start = async (name: string, respondents: number) => {
      const current = await getCurrentEdition();
      return rollOver({
        fromId: current.id,
        settings: {},
        chosenHouseId: null,
        freeze: async () => frozen(name, respondents),
      });
    };
    // A year that answered, then one rolled over untouched (no decision, no house, no answer).
    await start("SGW27", 3);
    await start("SGW28", 0);
    expect((await empty()).map((edition) => edition.name)).toEqual(["SGW27"]);
  });
});
