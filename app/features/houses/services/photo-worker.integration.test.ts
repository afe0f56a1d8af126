import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { housePhotoRenditions, housePhotos } from "~/platform/db/schema";
import { photoUrl } from "~/features/houses/lib/house-photo";
import { updateHouse } from "~/features/houses/models/house.server";
import { getPhotoState, listPhotoVersions } from "~/features/houses/models/photo-queue.server";
import { createUser } from "~/platform/models/user.server";
import { resetEnvCache } from "~/platform/env.server";
import * as editHousePage from "~/routes/organiser_.houses.$id.edit";
import { loader as photoLoader } from "~/routes/photos.$name";
import { createUserSession } from "~/platform/services/session.server";
import { callRoute, cookieFrom, makeRequest } from "../../../../tests/support/requests";
import { useFreshDatabase } from "../../../../tests/support/database";
import { confirmAddress } from "../../../../tests/support/organiser";
import { startImageServer } from "../../../../tests/support/image-server.mjs";
import {
  addPhoneWidths,
  requestHousePhotos,
  setPhotoFetchOptions,
  stopHousePhotos,
} from "~/features/houses/services/photo-worker.server";
import { suggestHouse } from "~/features/houses/services/house-suggest.server";

const database = useFreshDatabase();
let images: Awaited<ReturnType<typeof startImageServer>>;
let member: { id: number; name: string | null };

// The image server stands for the listing site: 127.0.0.1 counts as public, nothing else does.
// The time cap is long enough for a busy machine to make the test photo, except where it is the test.
const AS_IF_PUBLIC = { isAllowedAddress: (address: string) => address === "127.0.0.1", timeoutMs: 10_000 };

beforeAll(async () => {
  images = await startImageServer();
  const user = await createUser({ email: "ana@example.com", password: "secret1", name: "Ana" });
  member = { id: user!.id, name: "Ana" };
});
afterAll(async () => {
  setPhotoFetchOptions({});
  await images.close();
});

/** The suggest form's answers other than the listing, its title and its photo. */
const WHERE_AND_ROOMS = {
  countryChoice: "USA",
  otherCountry: "",
  city: "Tahoe",
  state: "CA",
  num_bedrooms: "8",
  num_beds: "10",
  num_baths: "4",
} as const;

let titles = 0;
async function suggest(image: string) {
  const started = Date.now();
  const outcome = await suggestHouse(
    member,
    {
      url: `https://www.airbnb.com/rooms/${++titles}`,
      title: `House ${titles}`,
      listing_img: image,
      ...WHERE_AND_ROOMS,
    },
    "127.0.0.1",
  );
  if (!outcome.saved) throw new Error(outcome.failure.error);
  const id = Number(new URL(outcome.to, "http://x").searchParams.get("added") ?? NaN);
  return { id, ms: Date.now() - started };
}

const servePhoto = (name: string) =>
  photoLoader({ params: { name }, request: new Request(`http://localhost/photos/${name}`), context: {} });

describe("house photos", () => {
  it("stores a suggested house's photo small and serves it from here with a long cache", async () => {
    setPhotoFetchOptions(AS_IF_PUBLIC);
    const house = await suggest(`${images.url}/photo.jpg?w=2400`);
    await requestHousePhotos();
    const state = await getPhotoState(house.id);
    expect(state).toMatchObject({ lastError: "", attempts: 1, nextAttemptAt: null });
    expect(state!.version).toMatch(/^[0-9a-f]{12}$/);
    expect((await listPhotoVersions())[house.id]).toBe(state!.version);

    for (const width of [400, 640, 800] as const) {
      const response = await servePhoto(photoUrl(house.id, width, state!.version).split("/").pop()!);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const body = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(body).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: width * (5 / 8) });
      expect(body.length).toBeLessThan(60_000);
    }
    expect((await servePhoto(`${house.id}-800.000000000000.webp`)).status).toBe(404);
    expect((await servePhoto(`${house.id}-1600.${state!.version}.webp`)).status).toBe(404);
  });

  it("gives a photo stored before the phone's width that width in the background, once", async () => {
    setPhotoFetchOptions(AS_IF_PUBLIC);
    const house = await suggest(`${images.url}/photo.jpg?w=1400`);
    await requestHousePhotos();
    const { version, lastError } = (await getPhotoState(house.id))!;
    expect(lastError).toBe("");
    const name = `${house.id}-640.${version}.webp`;
    const first = await servePhoto(name);
    expect(first.status).toBe(200);
    const made = Buffer.from(await first.arrayBuffer());
    // As if stored before the 640 px existed: the 800 px stands in, kept a minute only.
    await database.db.delete(housePhotoRenditions).where(eq(housePhotoRenditions.houseId, house.id));
    const standIn = await servePhoto(name);
    expect(standIn.status).toBe(200);
    expect(standIn.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect((await sharp(Buffer.from(await standIn.arrayBuffer())).metadata()).width).toBe(800);

    await addPhoneWidths();
    const rows = () =>
      database.db.select().from(housePhotoRenditions).where(eq(housePhotoRenditions.houseId, house.id));
    const [row] = await rows();
    expect(row).toMatchObject({ width: 640, version });
    const served = await servePhoto(name);
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await served.arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: "webp", width: 640, height: 400 });
    // Smaller than the 800 px it was made from, and about the size the original would have made.
    const large = (await database.db.select().from(housePhotos).where(eq(housePhotos.houseId, house.id)))[0]
      .large!;
    expect(body.length).toBeLessThan(large.length);
    expect(body.length).toBeLessThan(made.length * 1.5);
    // Run again (another instance, the next sweep): nothing to do, nothing changes.
    await addPhoneWidths();
    expect(await rows()).toEqual([row]);
  });

  it("keeps a stored photo when the listing is gone, and fetches again only for a new URL", async () => {
    setPhotoFetchOptions(AS_IF_PUBLIC);
    const house = await suggest(`${images.url}/photo.jpg?w=1200`);
    await requestHousePhotos();
    const first = (await getPhotoState(house.id))!.version;
    await images.close();
    await requestHousePhotos();
    expect((await getPhotoState(house.id))!.version).toBe(first);
    expect((await servePhoto(`${house.id}-400.${first}.webp`)).status).toBe(200);

    images = await startImageServer();
    await updateHouse(house.id, { listing_img: `${images.url}/other.jpg?w=1000` });
    await requestHousePhotos();
    const second = await getPhotoState(house.id);
    expect(second!.version).not.toBe(first);
    expect(second!.sourceUrl).toBe(`${images.url}/other.jpg?w=1000`);
    expect((await servePhoto(`${house.id}-400.${first}.webp`)).status).toBe(404);
  });

  it("fetches the new photo when the organiser edits the house's image URL", async () => {
    setPhotoFetchOptions(AS_IF_PUBLIC);
    const house = await suggest(`${images.url}/gone.jpg`);
    await requestHousePhotos();
    const adminEmails = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = "ana@example.com";
    resetEnvCache();
    await confirmAddress(member.id);
    try {
      const cookie = cookieFrom(await createUserSession(member.id, "/"));
      const form = {
        url: "https://www.airbnb.com/rooms/1",
        title: "Edited",
        listing_img: `${images.url}/photo.jpg?w=900`,
        ...WHERE_AND_ROOMS,
        price: "",
        currency: "usd",
      };
      const response = await callRoute(editHousePage.action as never, makeRequest("/e", { cookie, form }), {
        id: String(house.id),
      });
      expect(response.status).toBe(302);
      // The edit asked for the fetch itself: wait for that run, not a new one.
      await stopHousePhotos();
      const state = await getPhotoState(house.id);
      expect(state!.sourceUrl).toBe(form.listing_img);
      expect(state!.version).toMatch(/^[0-9a-f]{12}$/);
    } finally {
      process.env.ADMIN_EMAILS = adminEmails;
      resetEnvCache();
    }
  });

  it.each([
    ["loopback under the default rules", "/photo.jpg", {}],
    ["an oversized answer", "/big.jpg", AS_IF_PUBLIC],
    ["a page that is not an image", "/page.jpg", AS_IF_PUBLIC],
    ["an SVG sent as a JPEG", "/fake.jpg", AS_IF_PUBLIC],
    ["a slow server", "/slow.jpg?ms=3000", { ...AS_IF_PUBLIC, timeoutMs: 500 }],
  ])(
    "a suggestion whose photo is refused (%s) is saved at once, without a photo",
    async (_name, path, rules) => {
      setPhotoFetchOptions(rules);
      const before = images.requests().length;
      const house = await suggest(`${images.url}${path}`);
      expect(house.ms).toBeLessThan(500);
      await requestHousePhotos();
      const state = await getPhotoState(house.id);
      expect(state!.version).toBe("");
      expect(state!.lastError).not.toBe("");
      expect(state!.attempts).toBe(1);
      expect(state!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
      expect((await listPhotoVersions())[house.id]).toBeUndefined();
      if (path === "/photo.jpg") expect(images.requests().length).toBe(before);
    },
  );

  it("tries a failed photo again when its time comes", async () => {
    setPhotoFetchOptions(AS_IF_PUBLIC);
    const house = await suggest(`${images.url}/flaky.jpg`);
    await requestHousePhotos();
    expect((await getPhotoState(house.id))!.lastError).toMatch(/503/);
    await requestHousePhotos();
    expect((await getPhotoState(house.id))!.attempts).toBe(1);
    // The retry falls due.
    await database.db
      .update(housePhotos)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(housePhotos.houseId, house.id));
    await requestHousePhotos();
    const state = await getPhotoState(house.id);
    expect(state).toMatchObject({ attempts: 2, lastError: "", nextAttemptAt: null });
    expect(state!.version).not.toBe("");
  });
});
