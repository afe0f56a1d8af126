import { and, count, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Db } from "~/platform/db/client.server";
import sharp from "sharp";
import {
  houses,
  moneyExpenses,
  moneyReceipts,
  payDetails,
  surveys,
  users,
  votes,
} from "~/platform/db/schema";
import type { VoteChoice } from "~/features/houses/lib/house-rules";
import { availabilityWindows, WINDOWS } from "~/features/season/lib/weekends";
import { seasonOf, weekendAbout } from "~/features/season/lib/editions";
import { moveFirstEdition } from "~/features/season/index.server";
import { hashPassword } from "~/platform/models/password.server";
import { seedSeason } from "~/seed-season.server";
import { removeMember } from "~/features/organiser/index.server";
import { DEMO_PASSWORD } from "~/features/accounts/lib/auth-limits";

// The scripts print it (npm run demo, db:seed); the accounts' forms refuse it as anyone's own.
export { DEMO_PASSWORD };

type DemoMember = {
  email: string;
  name: string;
  attending: "yes" | "maybe" | "no";
  weeks: number[];
  extension: "no" | "beginning" | "end" | "both";
  countries: [boolean, boolean, boolean];
  guests: [boolean, boolean];
  yesNo: [string, string, string, string];
  sgw24: "yes" | "no";
};

/** The live demo's weekend is the first one at least this many days ahead. */
const DEMO_WEEKEND_DAYS = 21;
/** The week the members' free weeks are written around: the 21st window, the spec's Aug 21 - Aug 25. */
const DEFAULT_WEEK = 20;

const MEMBERS: DemoMember[] = [
  {
    email: "alex@example.com",
    name: "Alex",
    attending: "yes",
    weeks: [18, 19, 20, 21],
    extension: "both",
    countries: [true, true, false],
    guests: [true, false],
    yesNo: ["yes", "yes", "yes", "aye"],
    sgw24: "yes",
  },
  {
    email: "sam@example.com",
    name: "Sam",
    attending: "yes",
    weeks: [19, 20, 22],
    extension: "end",
    countries: [true, false, true],
    guests: [true, true],
    yesNo: ["no", "yes", "no", "nay"],
    sgw24: "yes",
  },
  {
    email: "jordan@example.com",
    name: "Jordan",
    attending: "maybe",
    weeks: [20, 21],
    extension: "no",
    countries: [true, true, true],
    guests: [false, false],
    yesNo: ["yes", "no", "yes", "aye"],
    sgw24: "no",
  },
  {
    email: "riley@example.com",
    name: "Riley",
    attending: "yes",
    weeks: [17, 19, 20],
    extension: "beginning",
    countries: [true, false, false],
    guests: [false, true],
    yesNo: ["no", "yes", "yes", "nay"],
    sgw24: "yes",
  },
  {
    email: "casey@example.com",
    name: "Casey",
    attending: "no",
    weeks: [],
    extension: "no",
    countries: [false, false, false],
    guests: [false, false],
    yesNo: ["no", "no", "no", "nay"],
    sgw24: "no",
  },
];

// Listed in the e2e server's ADMIN_EMAILS; no survey, so the results stay those of the five above.
const ORGANISERS = [{ email: "organiser@example.com", name: "Organiser" }];

const HOUSES = [
  {
    title: "Lakeside Lodge",
    url: "https://www.airbnb.com/rooms/1001",
    city: "Lake Placid",
    state: "NY",
    country: "USA",
    num_bedrooms: 7,
    num_beds: 11,
    num_baths: 4.5,
    listing_img: "/images/weekend-wide.svg",
    who_suggested: "Alex",
  },
  {
    title: "Cabin by the Falls",
    url: "https://www.vrbo.com/2002",
    city: "Muskoka",
    state: "ON",
    country: "Canada",
    num_bedrooms: 6,
    num_beds: 10,
    num_baths: 3,
    listing_img: "",
    who_suggested: "Sam",
  },
  {
    title: "Casa del Mar",
    url: "https://www.airbnb.com/rooms/3003",
    city: "Tulum",
    state: "ROO",
    country: "Mexico",
    num_bedrooms: 8,
    num_beds: 12,
    num_baths: 5,
    listing_img: "/images/weekend-wide.svg",
    who_suggested: "Riley",
  },
  {
    title: "Mountain View Retreat",
    url: "https://www.airbnb.com/rooms/4004",
    city: "Asheville",
    state: "NC",
    country: "USA",
    num_bedrooms: 8,
    num_beds: 12,
    num_baths: 4,
    listing_img: "",
    who_suggested: "Sam",
    previous_house: true,
    previous_house_year: 2024,
  },
  {
    title: "Orlando Family Villa",
    url: "https://www.vrbo.com/5005",
    city: "Orlando",
    state: "FL",
    country: "USA",
    num_bedrooms: 9,
    num_beds: 14,
    num_baths: 5,
    listing_img: "",
    who_suggested: "Alex",
    previous_house: true,
    previous_house_year: 2023,
  },
];

const VOTES: Array<[string, string, VoteChoice]> = [
  ["alex@example.com", "Lakeside Lodge", "love"],
  ["sam@example.com", "Lakeside Lodge", "like"],
  ["jordan@example.com", "Casa del Mar", "love"],
  ["riley@example.com", "Cabin by the Falls", "dislike"],
];

/**
 * Loads the demo members, surveys, houses and votes. Safe to run again: nothing is duplicated.
 * `confirmOrganisers` marks the demo organiser's address as confirmed: only for a fresh embedded demo
 * database (npm run demo, the browser tests), never for a real one, where the organiser confirms their
 * address through the mailed link. `season` also decides the season (npm run demo only: the
 * browser tests start from an undecided one) and fills the money and trip pages; `db` must then be
 * the app's database (getDb), which the features write through.
 */
export async function seedDemoData(
  db: Db,
  {
    confirmOrganisers = false,
    season = false,
    today,
  }: { confirmOrganisers?: boolean; season?: boolean; today?: string } = {},
) {
  // With `today` (npm run demo) the season is set about three weeks ahead, in that weekend's year,
  // so the demo looks alive on any date; without it, the spec's 2025 (the tests' fixed data).
  const alive = season && today ? weekendAbout(today, DEMO_WEEKEND_DAYS) : undefined;
  // Its name follows the weekend's season: a December demo is a winter get-together.
  if (alive) await moveFirstEdition(alive.year, `${seasonOf(alive.label)} get-together`);
  const windows = alive ? availabilityWindows(alive.year) : WINDOWS;
  // The members' free weeks move with the weekend, so Best Weekends still agrees with the decision.
  const shift = alive ? windows.indexOf(alive.label) - DEFAULT_WEEK : 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, number>();
  for (const member of MEMBERS) {
    await db
      .insert(users)
      .values({ email: member.email, name: member.name, passwordHash, demo: true })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${member.email}`);
    userIds.set(member.email, row.id);
    const [self] = ["m", "l", "s", "xl", "m"].slice(MEMBERS.indexOf(member));
    await db
      .insert(surveys)
      .values({
        userId: row.id,
        name: member.name,
        attending: member.attending,
        availability: Object.fromEntries(
          windows.map((label, week) => [label, member.weeks.includes(week - shift)]),
        ),
        sgw_extension: member.extension,
        countries: { usa: member.countries[0], canada: member.countries[1], mexico: member.countries[2] },
        previous_locale: member.yesNo[0],
        sober: member.yesNo[1],
        extra_guests: { boo: member.guests[0], child: member.guests[1] },
        share_room: member.yesNo[2],
        shirt_size: { self, boo: member.guests[0] ? "l" : "", child: member.guests[1] ? "xs" : "" },
        fate_change: member.yesNo[3],
        sgw24_attendee: member.sgw24,
        sgw24_concerns: member.sgw24 === "yes" ? "The drive was long." : "",
        sgw25_suggestions: member.sgw24 === "yes" ? "A lake, please." : "",
      })
      .onConflictDoNothing();
  }

  for (const organiser of ORGANISERS) {
    await db
      .insert(users)
      .values({
        ...organiser,
        passwordHash,
        demo: true,
        emailConfirmedAt: confirmOrganisers ? new Date() : null,
      })
      .onConflictDoNothing();
  }

  const [{ value: houseCount }] = await db.select({ value: count() }).from(houses);
  if (houseCount === 0) {
    await db.insert(houses).values(HOUSES);
  }
  for (const [email, title, vote] of VOTES) {
    const [house] = await db.select({ id: houses.id }).from(houses).where(eq(houses.title, title));
    const userId = userIds.get(email);
    if (!house || !userId) continue;
    await db.insert(votes).values({ houseId: house.id, userId, vote }).onConflictDoNothing();
  }
  if (season) await seedDemoSeason(db, userIds, alive && today ? { weekend: alive.label, today } : {});
}

/**
 * The demo's decided season: Lakeside Lodge for the 21st window (or `when.weekend`, about three weeks
 * after `when.today`), Alex fronting the house.
 */
async function seedDemoSeason(
  db: Db,
  userIds: ReadonlyMap<string, number>,
  when: { weekend?: string; today?: string },
) {
  if ((await getDb()) !== db) throw new Error("The demo season is written through the app's database");
  const [lodge] = await db.select({ id: houses.id }).from(houses).where(eq(houses.title, "Lakeside Lodge"));
  const [organiser] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, ORGANISERS[0].email));
  await seedSeason({
    organiser: { id: organiser.id, name: organiser.name ?? ORGANISERS[0].name },
    receiverId: userIds.get("alex@example.com")!,
    house: { id: lodge.id, priceMinor: 420_000, currency: "USD" },
    // The lodge's 7 bedrooms and 11 beds, named: Sam (who won't share) keeps the family together.
    rooms: [
      { name: "Lake room", beds: 3 },
      { name: "Loft", beds: 2 },
      { name: "Bunk room", beds: 2 },
      { name: "Garden room", beds: 1 },
      { name: "Blue room", beds: 1 },
      { name: "Corner room", beds: 1 },
      { name: "Study", beds: 1 },
    ],
    expenses: 6,
    items: 8,
    // The ferry's Canadian dollars settle in the house's at a rate the organiser fixed; the pesos on their own.
    rates: new Map([["CAD", "0.73"]]),
    ...when,
  });
  // How two members asked to be paid (issue 57): Alex, who fronted the house (Riley and Sam owe Alex),
  // and Sam (owed pesos by Alex and Riley). The IBAN is the standard's own example: it checks out.
  for (const [email, details] of DEMO_PAY_DETAILS) {
    const userId = userIds.get(email);
    if (userId)
      await db
        .insert(payDetails)
        .values({ userId, ...details })
        .onConflictDoNothing();
  }
  await seedDemoReceipt(db);
}

/** The groceries' till slip (issue 57 item 3): a small receipt drawn at seed time, kept as WebP. */
async function seedDemoReceipt(db: Db) {
  const [groceries] = await db
    .select({
      id: moneyExpenses.id,
      editionId: moneyExpenses.editionId,
      amount: moneyExpenses.amount,
      paidBy: moneyExpenses.paidBy,
    })
    .from(moneyExpenses)
    .where(and(eq(moneyExpenses.description, "Groceries for the weekend"), isNull(moneyExpenses.deletedAt)))
    .orderBy(moneyExpenses.id)
    .limit(1);
  if (!groceries) return;
  const total = (groceries.amount / 100).toFixed(2);
  const lines = [
    "LAKESIDE MARKET",
    "",
    "Bread x4        12.40",
    "Fruit & veg     88.10",
    "Cheese          46.75",
    "Drinks          ...",
    "",
    `TOTAL USD  ${total}`,
  ];
  const text = lines
    .map(
      (line, k) =>
        `<text x="20" y="${40 + k * 28}" font-family="DejaVu Sans Mono" font-size="18">${line.replace(/&/g, "&amp;")}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="300"><rect width="100%" height="100%" fill="#fdfcf7"/>${text}</svg>`;
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  await db
    .insert(moneyReceipts)
    .values({
      editionId: groceries.editionId,
      expenseId: groceries.id,
      uploadedBy: groceries.paidBy,
      contentType: "image/webp",
      bytes,
    })
    .onConflictDoNothing();
}

const DEMO_PAY_DETAILS: Array<[string, Partial<typeof payDetails.$inferInsert>]> = [
  [
    "alex@example.com",
    {
      paypal: "AlexDemoPays",
      iban: "DE89370400440532013000",
      ibanHolder: "Alex Demo",
      note: "PayPal as friends and family, please; a bank transfer is fine too.",
    },
  ],
  ["sam@example.com", { revolut: "samdemo", venmo: "sam-demo", note: "Cash at the lodge works too." }],
];

/** True when the database has no members yet: `npm run demo` seeds only then. */
export async function isEmpty(db: Db) {
  const [{ value }] = await db.select({ value: count() }).from(users);
  return value === 0;
}

// Every demo address is at example.com, a reserved domain (RFC 2606) no real member can own: the
// migration that brought the mark (0023_demo_mark) marked the accounts at these addresses.
export const DEMO_MEMBER_EMAILS = MEMBERS.map((member) => member.email);
export const DEMO_ORGANISER_EMAIL = ORGANISERS[0].email;

/**
 * The demo accounts still in the database (not removed), known by their mark alone: neither an
 * address nor a password a visitor may choose makes an account the demo's, and a demo account whose
 * password was changed is still the demo's. `first` stops at one, all a start-up check needs to know.
 */
export async function openDemoAccounts(db: Db, { first = false } = {}) {
  const query = db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.demo, true), isNull(users.leftAt)))
    .orderBy(users.id);
  return first ? await query.limit(1) : await query;
}

/**
 * Removes the demo accounts as any member leaves (decision 025): each row stays as "A former
 * member" where the demo season's ledger, rides and rooms name it, so those records keep balancing,
 * and what was only theirs (sessions, secrets, surveys, votes) goes. Through the app's database.
 */
export async function removeDemoAccounts(db: Db) {
  const open = await openDemoAccounts(db);
  for (const account of open) await removeMember(account.id, []);
  return open.map((account) => account.email);
}
