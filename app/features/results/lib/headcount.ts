import { toCsv } from "~/platform/lib/csv";
import {
  displayName,
  isTicked,
  isYes,
  isNo,
  parseJsonObject,
  type ResponseRecord,
} from "~/features/results/lib/results";
import { SHIRT_HOLDERS, SHIRT_SIZES } from "~/features/survey/lib/survey-choices";

type Holder = (typeof SHIRT_HOLDERS)[number];
type Size = (typeof SHIRT_SIZES)[number];

/** Counts for the sure ones (yes) and for everyone who may come (yes + maybe). */
export type Pair = { yes: number; all: number };

export type Headcount = {
  members: Pair;
  boo: Pair;
  child: Pair;
  /** Members and their guests: one bed each. */
  people: Pair;
  /** A member with a boo shares with them (their child too); other sharers pair up; the rest sleep alone. */
  bedrooms: Pair;
  /** Who said they will share a room (yes and maybe). */
  sharing: string[];
  /** Of those, who said yes to coming (the CSV's Yes column). */
  sharingSure: string[];
  sober: { yes: Pair; no: Pair };
  /** Shirts per holder and size: `shirts.self.m.yes`. Guests' sizes count only when they come. */
  shirts: Record<Holder, Record<Size, Pair>>;
};

const pair = (): Pair => ({ yes: 0, all: 0 });

/**
 * The numbers a booking and a shirt order need, from the surveys of members attending yes or maybe
 * (a "no" and their guests count nowhere).
 */
export function headcount(records: readonly ResponseRecord[]): Headcount {
  const result: Headcount = {
    members: pair(),
    boo: pair(),
    child: pair(),
    people: pair(),
    bedrooms: pair(),
    sharing: [],
    sharingSure: [],
    sober: { yes: pair(), no: pair() },
    shirts: Object.fromEntries(
      SHIRT_HOLDERS.map((holder) => [holder, Object.fromEntries(SHIRT_SIZES.map((size) => [size, pair()]))]),
    ) as Headcount["shirts"],
  };
  const sharers = { yes: 0, all: 0 };
  const add = (counter: Pair, sure: boolean, amount = 1) => {
    counter.all += amount;
    if (sure) counter.yes += amount;
  };
  for (const record of records) {
    if (record.attending !== "yes" && record.attending !== "maybe") continue;
    const sure = record.attending === "yes";
    const guests = parseJsonObject(record.extra_guests, "extra_guests", () => {});
    const shirts = parseJsonObject(record.shirt_size, "shirt_size", () => {});
    const boo = isTicked(guests.boo);
    const child = isTicked(guests.child);
    add(result.members, sure);
    if (boo) add(result.boo, sure);
    if (child) add(result.child, sure);
    add(result.people, sure, 1 + Number(boo) + Number(child));
    const shares = isYes(record.share_room);
    if (shares) result.sharing.push(displayName(record.name));
    if (shares && sure) result.sharingSure.push(displayName(record.name));
    if (boo) add(result.bedrooms, sure);
    else if (shares) add(sharers, sure);
    else add(result.bedrooms, sure);
    if (isYes(record.sober)) add(result.sober.yes, sure);
    if (isNo(record.sober)) add(result.sober.no, sure);
    const present: Record<Holder, boolean> = { self: true, boo, child };
    for (const holder of SHIRT_HOLDERS) {
      const size = shirts[holder];
      if (present[holder] && typeof size === "string" && (SHIRT_SIZES as readonly string[]).includes(size)) {
        add(result.shirts[holder][size as Size], sure);
      }
    }
  }
  result.bedrooms.yes += Math.ceil(sharers.yes / 2);
  result.bedrooms.all += Math.ceil(sharers.all / 2);
  result.sharing.sort((a, b) => a.localeCompare(b));
  result.sharingSure.sort((a, b) => a.localeCompare(b));
  return result;
}

/** The headcount as rows of (what, yes, yes + maybe), for the page's tables and the CSV. */
export function headcountRows(count: Headcount): Array<[string, number, number]> {
  const row = (label: string, value: Pair): [string, number, number] => [label, value.yes, value.all];
  const shirtRows = SHIRT_HOLDERS.flatMap((holder) =>
    SHIRT_SIZES.map((size) => row(`Shirts, ${holder}, ${size}`, count.shirts[holder][size])),
  );
  return [
    row("Members coming", count.members),
    row("Boo guests", count.boo),
    row("Child guests", count.child),
    row("People (beds needed)", count.people),
    row("Bedrooms needed", count.bedrooms),
    row("Sober: yes", count.sober.yes),
    row("Sober: no", count.sober.no),
    ...shirtRows,
  ];
}

export function headcountCsv(count: Headcount): string {
  return toCsv(
    ["What", "Yes", "Yes + maybe"],
    [...headcountRows(count), ["Will share a room", count.sharingSure.join("; "), count.sharing.join("; ")]],
  );
}
