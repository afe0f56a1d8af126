import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, useDatabase, type Connection } from "~/platform/db/client.server";
import { getCurrentEdition } from "~/features/season/index.server";
import { computeMoney } from "~/features/money/lib/money";
import { loadMoneyInput } from "~/features/money/index.server";
import { tripPeople } from "~/features/trip/lib/rooms";
import { listItems, listPlacements, listTravel, listTripCandidates } from "~/features/trip/index.server";
import { BENCH_SEASON, seed } from "./bench-support";

const dir = mkdtempSync(path.join(tmpdir(), "sgw25-bench-season-"));
let connection: Connection | undefined;

afterAll(async () => {
  useDatabase(undefined);
  await connection?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the bench's n200 database", () => {
  it("holds a decided season at the issue's sizes, with the bench's member paying and on the trip", async () => {
    await seed({ pgliteDir: dir }, 200, 50, () => "", BENCH_SEASON);
    connection = openDatabase({ pgliteDir: dir });
    useDatabase(connection);
    const edition = await getCurrentEdition();
    const { input, members, payments } = await loadMoneyInput(edition.id);
    const money = computeMoney(input);
    const member = members.find((row) => row.email === "bench-0@example.com")!;
    expect(money.missing).toBeNull();
    expect(money.payers).toHaveLength(40);
    expect(money.payers.some((payer) => payer.id === member.id)).toBe(true);
    expect(money.payers.reduce((sum, payer) => sum + payer.share, 0)).toBe(input.house!.total);
    expect(new Set(payments.map((payment) => payment.fromUserId)).size).toBe(39);
    expect(input.expenses).toHaveLength(300);
    for (const expense of input.expenses) {
      expect(expense.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(expense.amount);
    }

    const onTrip = (await listTripCandidates()).filter((row) => row.attending === "yes");
    expect(onTrip).toHaveLength(40);
    const keys = new Set(tripPeople(onTrip).map((person) => person.key));
    const placements = await listPlacements();
    expect(placements).toHaveLength(keys.size);
    for (const placement of placements) expect(keys.has(placement.personKey)).toBe(true);
    expect(await listTravel()).toHaveLength(40);
    const items = await listItems();
    expect(items).toHaveLength(100);
    expect(items.filter((item) => item.claimedBy !== null).length).toBeGreaterThan(50);
    // A fresh directory is migrated and seeded at the bench's size: longer than a usual test.
  }, 120_000);
});
