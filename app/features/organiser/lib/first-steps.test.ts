import { describe, expect, it } from "vitest";
import { firstSteps, type FirstStepFacts } from "~/features/organiser/lib/first-steps";

const fresh: FirstStepFacts = {
  factsSaved: false,
  invited: false,
  deadlineSet: false,
  submitted: 0,
  planned: true,
};
const done = (facts: FirstStepFacts) => firstSteps(facts)?.map((step) => step.done);

describe("the organiser's first steps", () => {
  it("lists the three steps in order on a new planner, none done", () => {
    expect(firstSteps(fresh)?.map((step) => step.label)).toEqual([
      "Set the event's facts",
      "Invite the group",
      "Open the survey with a deadline",
    ]);
    expect(done(fresh)).toEqual([false, false, false]);
  });

  it("ticks each off as its data appears, in any order", () => {
    expect(done({ ...fresh, factsSaved: true })).toEqual([true, false, false]);
    expect(done({ ...fresh, invited: true, deadlineSet: true })).toEqual([false, true, true]);
  });

  it("goes once every step is done, someone answered or the season is decided", () => {
    expect(firstSteps({ ...fresh, factsSaved: true, invited: true, deadlineSet: true })).toBeNull();
    expect(firstSteps({ ...fresh, submitted: 1 })).toBeNull();
    expect(firstSteps({ ...fresh, planned: false })).toBeNull();
  });
});
