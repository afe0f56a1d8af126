import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyExpenses, moneyReceipts } from "~/platform/db/schema";
import { parseBackup } from "~/platform/lib/backup-file";
import { RECEIPT_MAX_BYTES } from "~/platform/lib/limits";
import { takeBackup } from "~/platform/models/backup.server";
import { restoreBackup } from "~/platform/models/restore.server";
import { callRoute, makeRequest, signedInMember } from "../../tests/support/requests";
import { useFreshDatabase, withEmptyDatabase } from "../../tests/support/database";
import { moneyPages, startMoneyTrip } from "../../tests/support/money-trip";
import { useFakeMail } from "../../tests/support/mail";
import { resetEnvCache } from "~/platform/env.server";
import * as dataRoute from "~/routes/account_.data";
import * as moneyPage from "~/routes/money._index";
import * as editPage from "~/routes/money.expenses.$id";
import * as setupPage from "~/routes/money.setup";
import * as receiptRoute from "~/routes/money.receipts.$id";

// Issue 57 item 3: a receipt kept with an expense, cleaned of what a phone's photo tells, shown to
// the people of the trip only, in backups and "Download my data", and gone with its expense.
const database = useFreshDatabase();
useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: "http://localhost:3000" });
afterAll(() => resetEnvCache());
const people: Record<string, { id: number; cookie: string }> = {};
const { money } = moneyPages(people);

/** The expense forms' multipart post, as a browser sends it with a file chosen. */
function multipart(path: string, who: string, fields: Record<string, string | string[]>, file?: Blob) {
  const base = makeRequest(path, { cookie: people[who].cookie, method: "POST" });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) form.append(name, one);
  if (file) form.append("receipt", file, "receipt.jpg");
  return new Request(base.url, { method: "POST", headers: base.headers, body: form });
}

const expenseFields = (form: Record<string, string> = {}) => ({
  intent: "add-expense",
  key: crypto.randomUUID(),
  description: "Groceries",
  amount: "96.40",
  currency: "USD",
  paidBy: String(people.sam.id),
  split: "equal",
  share: [people.alex.id, people.sam.id, people.riley.id].map(String),
  ...form,
});

const add = (who: string, form: Record<string, string>, file?: Blob) =>
  callRoute(moneyPage.action as never, multipart("/money", who, expenseFields(form), file));

const open = (id: number, who?: string) =>
  callRoute(
    receiptRoute.loader as never,
    makeRequest(`/money/receipts/${id}`, { cookie: who ? people[who].cookie : undefined }),
    { id: String(id) },
  );

/** A phone's photo: a JPEG whose EXIF says where it was taken. */
async function photoWithGps() {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#d0c8b0" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2976/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 17/1 4032/100",
      },
    })
    .toBuffer();
}

const receiptRows = () => database.db.select().from(moneyReceipts);
const expenseId = async (description: string) =>
  (await database.db.select().from(moneyExpenses).where(eq(moneyExpenses.description, description)))[0]!.id;

beforeAll(async () => {
  await startMoneyTrip(people);
  // Jordan is a member, not on this trip.
  people.jordan = await signedInMember("jordan@example.com", { name: "Jordan" });
});

describe("a receipt with its expense", () => {
  it("keeps a phone's photo re-encoded, without its EXIF or GPS position", async () => {
    const photo = await photoWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    // The GPS IFD's tag (0x8825) is in the photo as sent.
    expect(
      before.exif!.includes(Buffer.from([0x88, 0x25])) || before.exif!.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);
    const added = await add("sam", {}, new Blob([new Uint8Array(photo)], { type: "image/jpeg" }));
    expect(added.status).toBe(302);
    const [row] = await receiptRows();
    expect(row).toMatchObject({ expenseId: await expenseId("Groceries"), uploadedBy: people.sam.id });
    expect(row!.contentType).toBe("image/webp");
    const served = await open(row!.id, "riley");
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = Buffer.from(await served.arrayBuffer());
    const after = await sharp(bytes).metadata();
    expect(after.format).toBe("webp");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
    expect(after.width).toBe(640);
    // The ledger links it for the people of the trip.
    const page = await money("alex");
    expect(page.expenses.find((e) => e.description === "Groceries")!.receipt).toEqual({
      id: row!.id,
      pdf: false,
    });
  });

  it("answers 404 to a visitor and to a member who is not on the trip; an organiser opens it", async () => {
    const [row] = await receiptRows();
    const visitor = await open(row!.id);
    expect(visitor.status).toBe(404);
    expect(visitor.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await open(row!.id, "jordan")).status).toBe(404);
    expect((await open(999_999, "sam")).status).toBe(404);
    expect((await open(row!.id, "boss")).status).toBe(200);
    const jordansPage = await callRoute(
      moneyPage.loader as never,
      makeRequest("/money", { cookie: people.jordan.cookie }),
    );
    expect(await jordansPage.text()).not.toContain(`/money/receipts/${row!.id}`);
  });

  it("refuses a file that is not a photo or a PDF, a HEIC and one too large, keeping what was typed and saving nothing", async () => {
    const cases: Array<[Blob, RegExp]> = [
      [new Blob(["just some text"], { type: "image/jpeg" }), /photo \(JPEG, PNG or WebP\) or a PDF/],
      [
        new Blob([Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic")])]),
        /HEIC/,
      ],
      [new Blob([new Uint8Array(RECEIPT_MAX_BYTES + 1)]), /larger than 10 MB/],
    ];
    for (const [file, message] of cases) {
      const refused = await add("riley", { description: "Kayaks" }, file);
      expect(refused.status).toBe(400);
      const body = await refused.json();
      expect(body).toMatchObject({
        form: "expense",
        error: expect.stringMatching(message),
        fieldErrors: { receipt: expect.stringMatching(message) },
        values: { description: "Kayaks", amount: "96.40" },
      });
    }
    // The path lets a multipart body's NUL bytes through for the file: a text field with one is refused.
    const nul = await add("riley", { description: "Kay\0aks" });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ error: "That form could not be read. Please try again." });
    expect((await database.db.select().from(moneyExpenses)).map((e) => e.description)).toEqual(["Groceries"]);
    expect(await receiptRows()).toHaveLength(1);
  });

  it("keeps a PDF as sent and serves it as an attachment", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const added = await add(
      "alex",
      { description: "House booking", paidBy: String(people.alex.id) },
      new Blob([pdf], { type: "application/pdf" }),
    );
    expect(added.status).toBe(302);
    const row = (await receiptRows()).find((r) => r.contentType === "application/pdf")!;
    const served = await open(row.id, "sam");
    expect(served.headers.get("Content-Disposition")).toMatch(/^attachment; filename="receipt-\d+\.pdf"$/);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pdf);
  });

  it("is in the member's own data download, and only theirs", async () => {
    const mine = async (who: string) => {
      const response = await callRoute(
        dataRoute.loader as never,
        makeRequest("/account/data", { cookie: people[who].cookie }),
      );
      return ((await response.json()) as { money: { receipts: Array<{ expense: string; base64: string }> } })
        .money.receipts;
    };
    const sams = await mine("sam");
    expect(sams.map((r) => r.expense)).toEqual(["Groceries"]);
    expect((await sharp(Buffer.from(sams[0]!.base64, "base64")).metadata()).format).toBe("webp");
    expect((await mine("riley")).length).toBe(0);
  });

  it("comes back from a backup byte for byte", async () => {
    const before = await receiptRows();
    const text = await takeBackup(database.db, "pglite");
    expect(parseBackup(text).tables.find((t) => t.name === "money_receipts")!.rows).toHaveLength(2);
    await withEmptyDatabase(true, async (target) => {
      await restoreBackup(target, text);
      const restored = await target.db.select().from(moneyReceipts).orderBy(moneyReceipts.id);
      expect(restored).toEqual(before.sort((a, b) => a.id - b.id));
    });
  });

  it("is removed and replaced by an edit, and goes when its expense is deleted", async () => {
    const id = await expenseId("Groceries");
    const edit = (form: Record<string, string>, file?: Blob) =>
      callRoute(
        editPage.action as never,
        multipart(
          `/money/expenses/${id}`,
          "sam",
          { ...expenseFields({ intent: "edit-expense" }), ...form },
          file,
        ),
        { id: String(id) },
      );
    const version = async () =>
      String((await database.db.select().from(moneyExpenses).where(eq(moneyExpenses.id, id)))[0]!.version);
    const receiptOf = async () => (await receiptRows()).find((r) => r.expenseId === id);
    const old = (await receiptOf())!;
    expect((await edit({ version: await version(), removeReceipt: "yes" })).status).toBe(302);
    expect(await receiptOf()).toBeUndefined();
    expect((await open(old.id, "sam")).status).toBe(404);
    const png = await sharp({ create: { width: 30, height: 40, channels: 4, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await edit({ version: await version() }, new Blob([new Uint8Array(png)]))).status).toBe(302);
    const replaced = (await receiptOf())!;
    expect((await open(replaced.id, "alex")).status).toBe(200);
    // An edit that chooses no file keeps the receipt.
    expect((await edit({ version: await version(), description: "Groceries" })).status).toBe(302);
    expect((await receiptOf())?.id).toBe(replaced.id);
    const deleted = await edit({ intent: "delete-expense", version: await version() });
    expect(deleted.status).toBe(302);
    expect(await receiptOf()).toBeUndefined();
    expect((await open(replaced.id, "sam")).status).toBe(404);
  });

  it("keeps the house's booking confirmation from /money/setup, for the trip to open", async () => {
    const setup = (who: string, intent: string, file?: Blob) =>
      callRoute(setupPage.action as never, multipart("/money/setup", who, { intent }, file));
    const pdf = new Blob([Buffer.from("%PDF-1.7\n%%EOF\n")], { type: "application/pdf" });
    expect((await setup("sam", "house-receipt", pdf)).status).toBe(403);
    const none = await setup("boss", "house-receipt");
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      form: "house-receipt",
      fieldErrors: { receipt: expect.any(String) },
    });
    expect((await setup("boss", "house-receipt", pdf)).status).toBe(302);
    const house = (await receiptRows()).find((r) => r.expenseId === null)!;
    expect(house.uploadedBy).toBe(people.boss.id);
    expect((await money("sam")).houseReceipt).toEqual({ id: house.id, pdf: true });
    expect((await open(house.id, "riley")).status).toBe(200);
    expect((await open(house.id, "jordan")).status).toBe(404);
    expect((await setup("boss", "remove-house-receipt")).status).toBe(302);
    expect((await receiptRows()).find((r) => r.expenseId === null)).toBeUndefined();
  });
});
