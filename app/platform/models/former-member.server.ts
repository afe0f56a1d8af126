import { and, asc, eq, inArray, isNotNull, sql, type AnyColumn } from "drizzle-orm";
import { getDb, type Db } from "~/platform/db/client.server";
import { formerMemberNames } from "~/platform/lib/former-member";
import { defaultWeight } from "~/platform/lib/payer-weight";
import {
  moneyPayers,
  moneySettings,
  surveys,
  tripItems,
  tripRides,
  tripRoomPeople,
  tripTravel,
  users,
} from "~/platform/db/schema";

// The platform knows no feature: the current edition as the database's own default reads it.
const inCurrentEdition = (column: AnyColumn) => eq(column, sql`current_edition_id()`);

/**
 * Gives back what a member who leaves held on the current trip, in the caller's transaction: a seat
 * they had is the driver's again, the rides they offered are declined (their riders see it on the
 * trip page and can ask someone else), their room place and the items they claimed are free. Their
 * house share, expenses, shares and payments stay as they are (keepHouseShare): the ledger keeps
 * balancing, under "A former member". Past trips stay as they were.
 */
export async function releaseTripPlaces(tx: Db, userId: number) {
  const now = new Date();
  const seats = await tx
    .select({ driverId: tripRides.driverId })
    .from(tripRides)
    .where(
      and(
        eq(tripRides.riderId, userId),
        eq(tripRides.status, "accepted"),
        inCurrentEdition(tripRides.editionId),
      ),
    );
  for (const { driverId } of seats) {
    await tx
      .update(tripTravel)
      .set({ seatsTaken: sql`greatest(${tripTravel.seatsTaken} - 1, 0)` })
      .where(and(eq(tripTravel.userId, driverId), inCurrentEdition(tripTravel.editionId)));
  }
  await tx
    .update(tripRides)
    .set({ status: "declined", updatedAt: now })
    .where(
      and(
        sql`(${tripRides.riderId} = ${userId} or ${tripRides.driverId} = ${userId})`,
        inArray(tripRides.status, ["pending", "accepted"]),
        inCurrentEdition(tripRides.editionId),
      ),
    );
  await tx
    .delete(tripTravel)
    .where(and(eq(tripTravel.userId, userId), inCurrentEdition(tripTravel.editionId)));
  await tx
    .delete(tripRoomPeople)
    .where(and(eq(tripRoomPeople.userId, userId), inCurrentEdition(tripRoomPeople.editionId)));
  await tx
    .update(tripItems)
    .set({ claimedBy: null })
    .where(and(eq(tripItems.claimedBy, userId), inCurrentEdition(tripItems.editionId)));
}

/**
 * Keeps a leaving member's house share where it was (decision 031), in the caller's transaction and
 * before their survey goes: a payer of the current trip stays one, with the weight they had (the
 * organiser's, or the default their answer and guests gave), written down as the organiser's
 * choice, so the others' shares do not move. Someone who paid nothing keeps no payer row. `guests`
 * is what their survey brought along (the survey feature reads it; the platform knows no feature).
 */
export async function keepHouseShare(tx: Db, userId: number, guests: { boo: boolean; child: boolean }) {
  const mine = and(eq(moneyPayers.userId, userId), inCurrentEdition(moneyPayers.editionId));
  const [[payer], [survey], [settings]] = await Promise.all([
    tx.select({ included: moneyPayers.included, weight: moneyPayers.weight }).from(moneyPayers).where(mine),
    tx
      .select({ attending: surveys.attending })
      .from(surveys)
      .where(and(eq(surveys.userId, userId), inCurrentEdition(surveys.editionId))),
    tx
      .select({ childWeight: moneySettings.childWeight })
      .from(moneySettings)
      .where(inCurrentEdition(moneySettings.editionId)),
  ]);
  if (!(payer?.included ?? survey?.attending === "yes")) {
    await tx.delete(moneyPayers).where(mine);
    return;
  }
  const weight = payer?.weight ?? defaultWeight(guests, settings?.childWeight ?? 50);
  await tx
    .insert(moneyPayers)
    .values({ userId, included: true, weight })
    .onConflictDoUpdate({
      target: [moneyPayers.editionId, moneyPayers.userId],
      set: { included: true, weight, updatedAt: new Date() },
    });
}

/**
 * The account row of a member who leaves, anonymised in the caller's transaction: no name, an
 * address that can receive no mail (`.invalid` is reserved) so their own is free to register anew,
 * no password, no confirmation. Only a row matching `where` (and not gone already) is changed.
 */
export async function anonymiseUser(tx: Db, userId: number, where: ReturnType<typeof sql>) {
  const rows = await tx
    .update(users)
    .set({
      email: sql`'former-member-' || ${users.id} || '@invalid'`,
      name: null,
      passwordHash: "",
      emailConfirmedAt: null,
      leftAt: new Date(),
    })
    .where(and(eq(users.id, userId), sql`${users.leftAt} is null`, where))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Every former member's name as the trip's records show it ("A former member (2)"): formerMemberNames. */
export async function listFormerMemberNames() {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(isNotNull(users.leftAt))
    .orderBy(asc(users.leftAt), asc(users.id));
  return formerMemberNames(rows.map((row) => row.id));
}
