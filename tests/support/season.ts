import { getDb } from "~/platform/db/client.server";
import { houses } from "~/platform/db/schema";
import { setChosenHouseId } from "~/features/season/index.server";

type House = typeof houses.$inferInsert;

/** The house the money, trip and former-member tests decide on: five bedrooms at Tahoe, $1,000. */
export const LAKESIDE_LODGE = {
  url: "https://example.com/h",
  title: "Lakeside Lodge",
  city: "Tahoe",
  country: "USA",
  num_bedrooms: 5,
  num_beds: 8,
  num_baths: 3,
  priceMinor: 100_000,
  currency: "USD",
} satisfies House;

/** Adds Lakeside Lodge (with `changes`, e.g. another price) and makes it the season's chosen house. */
export async function chooseHouse(changes: Partial<House> = {}) {
  const db = await getDb();
  const [house] = await db
    .insert(houses)
    .values({ ...LAKESIDE_LODGE, ...changes })
    .returning({ id: houses.id });
  await setChosenHouseId(house.id);
  return house.id;
}

/** What a member who drives there and back on the seeded weekend (Aug 21–25, 2025) fills in. */
export const DRIVING_THERE = {
  arrivalDay: "2025-08-21",
  arrivalPart: "evening" as const,
  arrivalTime: "",
  departureDay: "2025-08-25",
  departurePart: "morning" as const,
  departureTime: "",
  fromPlace: "",
  how: "driving" as "driving" | "ride",
  seats: 0,
  airport: "",
};
