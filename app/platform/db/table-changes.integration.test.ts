import { afterAll, describe, expect, it } from "vitest";
import { createHouse, listHouses } from "~/features/houses/models/house.server";
import { createUser } from "~/platform/models/user.server";
import { freshDatabase } from "../../../tests/support/processes";
import { migrateDatabase, openDatabase, useDatabase, type Connection } from "~/platform/db/client.server";
import { DELETE_REACH, tablesWrittenBy } from "~/platform/db/table-changes";

describe("which tables a statement writes", () => {
  it("reads Drizzle's insert, update and delete, also inside a CTE, and nothing from a read", () => {
    expect(
      tablesWrittenBy('insert into "votes" ("a") values ($1) on conflict do update set "vote" = $2'),
    ).toEqual(["votes"]);
    expect(tablesWrittenBy('update "houses" set "in_play" = $1 where "houses"."id" = $2')).toEqual([
      "houses",
    ]);
    expect(
      tablesWrittenBy('with x as (delete from "sessions" returning 1) insert into "surveys" select 1'),
    ).toEqual(["sessions", "session_details", "surveys"]);
    expect(tablesWrittenBy('select "id" from "surveys" for update')).toEqual([]);
  });

  it("counts the tables a delete reaches through its foreign keys", () => {
    // An account takes its sessions, votes and survey; the houses it suggested are a shared record
    // (RESTRICT: a member who leaves is anonymised, decision 025), so a delete never reaches them.
    const account = tablesWrittenBy('delete from "users" where "users"."id" = $1 returning "id"');
    expect(account).toEqual(
      expect.arrayContaining(["users", "sessions", "votes", "surveys", "survey_drafts"]),
    );
    expect(account).not.toContain("houses");
    // A house takes its votes and its photos; a set-null step does not delete the houses' votes.
    expect(tablesWrittenBy('delete from "houses" where "houses"."id" = $1')).toEqual([
      "houses",
      "house_photo_renditions",
      "house_photos",
      "votes",
    ]);
    expect(DELETE_REACH.get("users")).not.toContain("house_photos");
    // Only a delete reaches further: an update or insert writes its own table.
    expect(tablesWrittenBy('update "users" set "name" = $1')).toEqual(["users"]);
    expect(tablesWrittenBy('delete from "votes" where "user_id" = $1')).toEqual(["votes"]);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(process.env.TEST_DB !== "postgres" || !adminUrl)(
  "two instances on one PostgreSQL database",
  () => {
    const opened: Connection[] = [];
    let drop: (() => Promise<void>) | undefined;

    afterAll(async () => {
      useDatabase(undefined);
      await Promise.all(opened.map((connection) => connection.close()));
      await drop?.();
    });

    /** Until the instance's LISTEN connection is up (it counts everything as changed then). */
    async function listening(connection: Connection) {
      const deadline = Date.now() + 10_000;
      while (connection.changes.stamp([]) === "0") {
        if (Date.now() > deadline) throw new Error("The instance never started listening");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it("a house suggested through instance A is on instance B's cached list within 100 ms", async () => {
      const database = await freshDatabase(adminUrl!, "sgw_changes");
      drop = database.drop;
      await migrateDatabase({ url: database.url });
      const a = openDatabase({ url: database.url });
      const b = openDatabase({ url: database.url });
      opened.push(a, b);
      await Promise.all([listening(a), listening(b)]);

      useDatabase(b);
      const before = await listHouses();
      expect(await listHouses()).toBe(before);

      useDatabase(a);
      const member = await createUser({ email: "ana@example.com", password: "secret1" });
      const created = await createHouse(
        {
          url: "https://example.com/rooms/1",
          title: "Heard Elsewhere",
          city: "Lake Placid",
          state: "NY",
          country: "USA",
          num_bedrooms: 4,
          num_beds: 6,
          num_baths: 2,
          listing_img: "",
        },
        { id: member!.id, name: "Ana" },
      );
      if (!("house" in created)) throw new Error("The house was refused");
      const { house } = created;
      const written = Date.now();

      useDatabase(b);
      let seenAfter: number | undefined;
      while (Date.now() - written < 2_000) {
        if ((await listHouses()).some((row) => row.id === house.id)) {
          seenAfter = Date.now() - written;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(seenAfter).toBeDefined();
      expect(seenAfter!).toBeLessThan(100);
    });
  },
);
