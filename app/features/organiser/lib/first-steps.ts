/** What a new season's first steps are read from: the data, never a checklist of its own. */
export type FirstStepFacts = {
  /** The organiser saved the event's facts (its name stored). */
  factsSaved: boolean;
  /** Invitations are out for this edition, or someone besides the first organiser has an account. */
  invited: boolean;
  /** The survey has a deadline. */
  deadlineSet: boolean;
  /** Members who submitted this edition's survey. */
  submitted: number;
  /** The season is still only planned (no weekend and house decided). */
  planned: boolean;
};

export type FirstStep = { label: string; to: string; detail: string; done: boolean };

/**
 * The organiser's first steps on a new season, in order: the event's facts, invite the group, open
 * the survey with a deadline. Each ticks off as its data appears; none once the season is under way
 * (someone answered, or it is decided) or every step is done.
 */
export function firstSteps(facts: FirstStepFacts): FirstStep[] | null {
  if (!facts.planned || facts.submitted > 0) return null;
  const steps: FirstStep[] = [
    {
      label: "Set the event's facts",
      to: "/organiser/event",
      detail: "its name and short name, how many you expect and the group chat link.",
      done: facts.factsSaved,
    },
    {
      label: "Invite the group",
      to: "/organiser/people",
      detail: "paste their addresses; each gets a link to register and answer the survey.",
      done: facts.invited,
    },
    {
      label: "Open the survey with a deadline",
      to: "/organiser/people",
      detail: "members see until when they can answer, and reminders follow it.",
      done: facts.deadlineSet,
    },
  ];
  return steps.every((step) => step.done) ? null : steps;
}
