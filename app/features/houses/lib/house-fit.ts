/** Who is expected, from the survey: members attending yes or maybe, and the guests each brings. */
export type ExpectedGroup = { yes: number; yesGuests: number; maybe: number; maybeGuests: number };

export type FitVerdict = "fits" | "tight" | "too small";

export type HouseFit = { verdict: FitVerdict; low: number; high: number; text: string };

/** Two people to a bedroom is the most the group has ever wanted to share. */
const PEOPLE_PER_BEDROOM = 2;

function people(count: number) {
  return `${count} ${count === 1 ? "person" : "people"}`;
}

/**
 * How a house fits the expected group. The group is at least everyone attending yes plus their
 * guests (boo, child) and at most that plus the maybes and their guests. A bed is one sleeper and a
 * bedroom holds two: 'fits' when the most that may come all have a bed and a room, 'tight' when only
 * the sure ones do, 'too small' when even they do not.
 */
export function houseFit(house: { num_beds: number; num_bedrooms: number }, group: ExpectedGroup): HouseFit {
  const low = group.yes + group.yesGuests;
  const high = low + group.maybe + group.maybeGuests;
  const sleeps = Math.min(house.num_beds, house.num_bedrooms * PEOPLE_PER_BEDROOM);
  const heads = low === high ? people(low) : `${low}–${high} people`;
  const space = `${house.num_beds} beds and ${house.num_bedrooms} bedrooms for ${heads}`;
  if (high === 0) {
    return {
      verdict: "fits",
      low,
      high,
      text: `Fits: ${house.num_beds} beds and ${house.num_bedrooms} bedrooms; nobody has said yes or maybe yet`,
    };
  }
  if (sleeps >= high) return { verdict: "fits", low, high, text: `Fits: ${space}` };
  if (sleeps >= low) {
    return {
      verdict: "tight",
      low,
      high,
      text: `Tight: ${space} (sleeps ${sleeps}, short if every maybe comes)`,
    };
  }
  return { verdict: "too small", low, high, text: `Too small: ${space} (sleeps ${sleeps})` };
}

/**
 * Before anybody has answered yes or maybe, the group a house must fit is the one the event expects
 * (the organiser's "at least / possibly" numbers), not nobody.
 */
export function groupOrExpected(
  group: ExpectedGroup,
  expected: { expectedMin: number; expectedMax: number },
) {
  if (group.yes + group.maybe > 0) return group;
  const { expectedMin, expectedMax } = expected;
  return { yes: expectedMin, yesGuests: 0, maybe: Math.max(0, expectedMax - expectedMin), maybeGuests: 0 };
}
