/**
 * A decided season on top of the demo members: the weekend, the chosen house with its price, the
 * money (settings, payments, expenses) and the trip (rooms, travel, rides, items, notes). Written
 * through the features' own models and parsed by their own rules, so the data is what the pages
 * would have stored. `npm run demo` and the bench (at its own, larger sizes) both use it.
 */
import { randomUUID } from "node:crypto";
import {
  getCurrentEdition,
  getChosenHouseId,
  setChosenHouseId,
  setPlannedWeekend,
} from "~/features/season/index.server";
import { weekendDays } from "~/features/season/lib/event-settings";
import { addDays } from "~/features/season/lib/editions";
import { updateHouse } from "~/features/houses/index.server";
import { minorToText } from "~/platform/lib/amount";
import { formatDay } from "~/platform/lib/calendar-day";
import { parseExpense, type ExpenseFormValues } from "~/features/money/lib/expense-form";
import { expenseLine, paymentLine } from "~/features/money/lib/money-text";
import { writeRates } from "~/features/money/lib/rates";
import { computeMoney, expensePeople } from "~/features/money/lib/money";
import { consentLimit, newShareStatus } from "~/features/money/lib/consent";
import {
  addExpense,
  addPayment,
  decidePayment,
  listPayments,
  listPayerCandidates,
  loadMoneyInput,
  saveMoneySettings,
  type Actor,
} from "~/features/money/index.server";
import { roomsFromHouse, suggestRooms, tripPeople } from "~/features/trip/lib/rooms";
import { parseTravel, travelDays, type TravelValues } from "~/features/trip/lib/travel";
import { parseItem } from "~/features/trip/lib/items";
import {
  acceptRide,
  addItem,
  addRooms,
  askRide,
  claimItem,
  fillEmptyPlan,
  listItems,
  listRides,
  listRooms,
  listTripCandidates,
  saveNotes,
  saveTravel,
  setItemDone,
} from "~/features/trip/index.server";

export type SeasonPlan = {
  /** Who the money history names for the set-up (the organiser). */
  organiser: Actor;
  /** The member who fronts the house and receives the shares; one of the payers. */
  receiverId: number;
  /** The price in minor units of `currency` (420_000 USD is $4,200). */
  house: { id: number; priceMinor: number; currency: string };
  /** One of the edition's windows; the 21st (Aug 21 - Aug 25 in 2025) when not given. */
  weekend?: string;
  /**
   * The day the season is seeded on ("2026-11-29"): the deposit falls due in the coming days, the
   * rest a week before the weekend, and the payments were made in the days before. Without it, the
   * edition's June and August, payments in May (the tests' fixed data).
   */
  today?: string;
  /** The rooms to plan; one per bedroom of the house when not given. */
  rooms?: { name: string; beds: number }[];
  expenses: number;
  items: number;
  /** The organiser's fixed rates into the house's currency (currency → exact decimal text), if any. */
  rates?: ReadonlyMap<string, string>;
};

// Cycled through (a number added after the first round) to make as many as asked for.
const EXPENSES = [
  { description: "Groceries for the weekend", amount: 41236, foreign: "", sharers: 0, split: "equal" },
  { description: "Boat rental", amount: 30000, foreign: "", sharers: 3, split: "equal" },
  { description: "Tacos in town", amount: 125000, foreign: "MXN", sharers: 3, split: "equal" },
  { description: "Wine and drinks", amount: 18640, foreign: "", sharers: 0, split: "weights" },
  { description: "Firewood and charcoal", amount: 5850, foreign: "", sharers: 2, split: "exact" },
  // In a third currency, which the plan's rates may settle in the house's (decision 034).
  { description: "Ferry to the island", amount: 7500, foreign: "CAD", sharers: 0, split: "equal" },
] as const;

const ITEMS = [
  { title: "Board games", notes: "Something for eight or more" },
  { title: "Coffee beans", notes: "Two bags, ground for a drip machine" },
  { title: "Charcoal and a lighter", notes: "" },
  { title: "Bluetooth speaker", notes: "" },
  { title: "Sunscreen", notes: "SPF 50" },
  { title: "First-aid kit", notes: "" },
  { title: "Breakfast for Friday", notes: "Eggs, bread, fruit for everyone" },
  { title: "Kayak paddles", notes: "The house has two kayaks, no paddles" },
];

const NOTES = {
  address: "12 Shore Road (the gravel drive after the boathouse)",
  checkIn: "From 4 pm; check-out by 11 am on Monday",
  keyBox: "Key box left of the back door, code 4821",
  wifi: "Lakeside-Guest / marshmallow",
};

const FROM = ["Boston", "Montreal", "New York", "Toronto", "Philadelphia"];

/**
 * Decides the season in the current edition and fills its money and trip. Left alone when a house
 * is chosen already (a second run adds nothing). The caller has made `getDb()` the database to fill.
 */
export async function seedSeason(plan: SeasonPlan) {
  if ((await getChosenHouseId()) !== null) return;
  const edition = await getCurrentEdition();
  const weekend = plan.weekend ?? edition.windows[20];
  await setPlannedWeekend(weekend);
  const house = await updateHouse(plan.house.id, {
    priceMinor: plan.house.priceMinor,
    currency: plan.house.currency,
  });
  if (!house) throw new Error(`There is no house ${plan.house.id} to choose`);
  await setChosenHouseId(house.id);
  await seedMoney(plan, edition);
  await seedTrip(plan, weekendDays(weekend, edition.year)!, {
    bedrooms: house.num_bedrooms,
    beds: house.num_beds,
  });
}

type Edition = Awaited<ReturnType<typeof getCurrentEdition>>;

/** "2026-12-24": the first day of the season's weekend. */
function weekendStart(plan: SeasonPlan, edition: Edition): string {
  const days = weekendDays(plan.weekend ?? edition.windows[20], edition.year)!;
  return days.start.toISOString().slice(0, 10);
}

async function seedMoney(plan: SeasonPlan, edition: Edition) {
  const currency = plan.house.currency;
  const names = new Map((await listPayerCandidates(edition.id)).map((member) => [member.id, member.name]));
  const name = (id: number | null) => (id === null ? "" : (names.get(id) ?? "A former member"));
  const actor = (id: number): Actor => ({ id, name: name(id) });
  const settings = {
    receiverId: plan.receiverId,
    childWeight: 50,
    depositKind: "percent" as const,
    depositValue: 25,
    depositDue: plan.today ? addDays(plan.today, 4) : `${edition.year}-06-01`,
    balanceDue: plan.today ? addDays(weekendStart(plan, edition), -7) : `${edition.year}-08-01`,
    instructions: "Venmo @sgw-house or https://pay.example/sgw-house, with your name in the note",
  };
  await saveMoneySettings(edition, plan.organiser, settings, {
    action: "Money settings changed",
    subject: "Settings",
    // Worded as the set-up page words a change.
    newValue: [
      `receiver ${name(settings.receiverId)}`,
      "child weight 0.5",
      `deposit ${settings.depositValue}%`,
      `deposit due ${formatDay(settings.depositDue)}`,
      `rest due ${formatDay(settings.balanceDue)}`,
      `instructions “${settings.instructions}”`,
    ].join("; "),
  });
  if (plan.rates?.size) {
    const rates = new Map(plan.rates);
    await saveMoneySettings(
      edition,
      plan.organiser,
      { rates: writeRates(rates), ratesBase: currency },
      {
        action: "Exchange rates changed",
        subject: "Settings",
        newValue: [...rates].map(([code, rate]) => `1 ${code} = ${rate} ${currency}`).join("; "),
      },
    );
  }
  const money = computeMoney((await loadMoneyInput(edition.id)).input);

  // Every payer but the receiver (who fronted the house) pays: a third report their deposit, the
  // rest are confirmed by the receiver, every other one for the whole share.
  const payers = money.payers.filter((payer) => payer.id !== plan.receiverId);
  for (const [index, payer] of payers.entries()) {
    const amount = index % 2 === 1 ? payer.share : Math.ceil(payer.share / 4);
    const payment = {
      fromUserId: payer.id,
      toUserId: plan.receiverId,
      amount,
      currency,
      kind: "share" as const,
      status: "reported" as const,
      paidOn: plan.today
        ? addDays(plan.today, -(1 + (index % 5)))
        : `${edition.year}-05-${String(1 + (index % 28)).padStart(2, "0")}`,
      note: index % 2 === 1 ? "Venmo, the whole share" : "Venmo, the deposit",
      recordedBy: payer.id,
      idempotencyKey: randomUUID(),
    };
    await addPayment(edition, actor(payer.id), payment, {
      action: "Payment reported",
      subject: "Payment",
      newValue: paymentLine(payment, name),
    });
    if (index % 3 === 0) continue;
    const [stored] = (await listPayments(edition.id)).filter(
      (row) => row.idempotencyKey === payment.idempotencyKey,
    );
    await decidePayment(
      edition,
      actor(plan.receiverId),
      stored.id,
      { status: "confirmed", reason: "" },
      {
        action: "Payment confirmed",
        subject: `Payment #${stored.id}`,
        oldValue: paymentLine(payment, name),
        newValue: paymentLine({ ...payment, status: "confirmed" }, name),
      },
    );
  }

  // The people an expense may name, with the weights a split by weights uses (as the page's form).
  const people = expensePeople(money, name);
  const ids = [...people.keys()];
  for (let index = 0; index < plan.expenses; index += 1) {
    const template = EXPENSES[index % EXPENSES.length];
    const round = Math.floor(index / EXPENSES.length);
    const paidBy = ids[index % ids.length];
    const sharers = template.sharers
      ? Array.from(
          { length: Math.min(template.sharers, ids.length) },
          (_, k) => ids[(index + k) % ids.length],
        )
      : ids;
    const expenseCurrency = template.foreign || currency;
    const amount = template.amount + round * 137;
    const first = Math.round(amount * 0.6);
    const values: ExpenseFormValues = {
      description: round ? `${template.description} (${round + 1})` : template.description,
      amount: minorToText(amount, expenseCurrency),
      currency: expenseCurrency,
      paidBy: String(paidBy),
      split: template.split,
      sharers: sharers.map(String),
      exact: Object.fromEntries(
        sharers.map((id, k) => [
          String(id),
          minorToText(k === 0 ? first : k === 1 ? amount - first : 0, expenseCurrency),
        ]),
      ),
    };
    const parsed = parseExpense(values, { people });
    if (!parsed.ok) throw new Error(`A seeded expense is refused: ${JSON.stringify(parsed.fieldErrors)}`);
    // The boat is entered by its second sharer, not its payer, so the demo shows a share "entered by"
    // someone, refusable by its sharer (decision 030); the other expenses are seeded as their sharers
    // accepted them.
    const author = index === 1 && sharers.length > 1 ? sharers[1] : paidBy;
    const limit = consentLimit(expenseCurrency, {
      limit: null,
      house: { total: plan.house.priceMinor, currency },
      payers: money.payers,
    });
    const statuses = new Map(
      author === paidBy
        ? []
        : [...parsed.expense.shares].map(([userId, part]) => [
            userId,
            newShareStatus({ userId, amount: part }, { authorId: author, organiser: false, limit }),
          ]),
    );
    const line = expenseLine(
      {
        ...parsed.expense,
        shares: [...parsed.expense.shares].map(([userId, part]) => ({
          userId,
          amount: part,
          status: statuses.get(userId),
        })),
        authorId: author,
      },
      name,
    );
    await addExpense(edition, actor(author), randomUUID(), parsed.expense, statuses, {
      action: "Expense added",
      subject: "Expense",
      newValue: line.summary,
    });
  }
}

async function seedTrip(
  plan: SeasonPlan,
  weekend: { start: Date; end: Date },
  house: { bedrooms: number; beds: number },
) {
  // On the trip: those who answered yes (organisers too, in the app; the seed places the answers).
  const members = (await listTripCandidates()).filter((member) => member.attending === "yes");
  await addRooms(plan.rooms ?? roomsFromHouse(house.bedrooms, house.beds));
  const rooms = await listRooms();
  const people = tripPeople(members);
  const { placements } = suggestRooms(people, rooms);
  await fillEmptyPlan(
    placements.map((placement) => {
      const person = people.find((candidate) => candidate.key === placement.personKey)!;
      return { roomId: placement.roomId, userId: person.userId, guest: person.guest };
    }),
  );

  // Getting there: every fourth drives (three seats), the next needs a ride and asks the last
  // driver, the others fly or come their own way; a driver accepts every other request.
  const days = travelDays(weekend);
  const arrival = days[3];
  const departure = days[days.length - 4];
  let driver: number | null = null;
  for (const [index, member] of members.entries()) {
    const how = (["driving", "ride", "flying", "other"] as const)[index % 4];
    const values: TravelValues = {
      arrivalDay: index % 3 === 2 ? days[2] : arrival,
      arrivalPart: (["evening", "afternoon", "time"] as const)[index % 3],
      arrivalTime: index % 3 === 2 ? "18:30" : "",
      departureDay: departure,
      departurePart: index % 2 ? "morning" : "afternoon",
      departureTime: "",
      fromPlace: FROM[index % FROM.length],
      how,
      seats: how === "driving" ? "3" : "0",
      airport: how === "flying" ? "ALB" : "",
    };
    const parsed = parseTravel(values, days);
    if (!parsed.travel) throw new Error(`Seeded travel is refused: ${JSON.stringify(parsed.fieldErrors)}`);
    await saveTravel(member.userId, parsed.travel);
    if (how === "driving") driver = member.userId;
    if (how === "ride" && driver !== null && (await askRide(member.userId, driver)) && index % 8 === 5) {
      const ride = (await listRides()).find((row) => row.riderId === member.userId)!;
      await acceptRide(ride.id, driver);
    }
  }

  for (let index = 0; index < plan.items; index += 1) {
    const template = ITEMS[index % ITEMS.length];
    const round = Math.floor(index / ITEMS.length);
    const parsed = parseItem({
      title: round ? `${template.title} (${round + 1})` : template.title,
      notes: template.notes,
    });
    if (!parsed.item) throw new Error(`A seeded item is refused: ${JSON.stringify(parsed.fieldErrors)}`);
    await addItem(parsed.item);
  }
  // Two items in three are claimed, round the members; one in seven is done.
  let claimed = 0;
  for (const [index, item] of (await listItems()).entries()) {
    if (index % 3 === 2 || members.length === 0) continue;
    await claimItem(item.id, members[claimed % members.length].userId);
    claimed += 1;
    if (index % 7 === 1) await setItemDone(item.id, true);
  }
  await saveNotes(NOTES);
}
