import { describe, expect, it } from "vitest";
import {
  cardPhoto,
  fairPhotoOrder,
  isWebPhoto,
  nextPhotoAttempt,
  parsePhotoName,
  photoSrcSet,
  photoUrl,
} from "~/features/houses/lib/house-photo";

describe("photo names", () => {
  it("round-trips a photo's address", () => {
    const url = photoUrl(12, 800, "0123456789ab");
    expect(url).toBe("/photos/12-800.0123456789ab.webp");
    expect(parsePhotoName(url.slice("/photos/".length))).toEqual({
      houseId: 12,
      width: 800,
      version: "0123456789ab",
    });
  });

  it("lists every width for srcset", () => {
    expect(photoSrcSet(3, "aaaaaaaaaaaa")).toBe(
      "/photos/3-400.aaaaaaaaaaaa.webp 400w, /photos/3-640.aaaaaaaaaaaa.webp 640w, " +
        "/photos/3-800.aaaaaaaaaaaa.webp 800w",
    );
  });

  it.each([
    "12-800.webp",
    "12-801.0123456789ab.webp",
    "12-800.0123456789AB.webp",
    "x-800.0123456789ab.webp",
    "12-800.0123456789ab.jpg",
    "../12-800.0123456789ab.webp",
    "1234567890-800.0123456789ab.webp",
  ])("refuses %s", (name) => {
    expect(parsePhotoName(name)).toBeUndefined();
  });
});

describe("nextPhotoAttempt", () => {
  const now = new Date("2025-06-01T00:00:00Z");
  it("waits longer after each failure and gives up after the sixth", () => {
    const waits = [1, 2, 3, 4, 5, 6].map(
      (failures) => nextPhotoAttempt(failures, now)!.getTime() - now.getTime(),
    );
    expect(waits[0]).toBe(60_000);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]);
    expect(nextPhotoAttempt(7, now)).toBeNull();
  });
});

describe("isWebPhoto", () => {
  it("tells web photos from the site's own drawings", () => {
    expect(isWebPhoto("https://a.example/x.jpg")).toBe(true);
    expect(isWebPhoto("HTTP://a.example/x.jpg")).toBe(true);
    expect(isWebPhoto("/images/weekend-wide.svg")).toBe(false);
    expect(isWebPhoto("")).toBe(false);
  });
});

describe("cardPhoto", () => {
  const placeholder = "/images/house-placeholder.svg";
  it("shows the stored photo at every width", () => {
    expect(cardPhoto(7, "https://a.example/x.jpg", "0123456789ab", placeholder)).toEqual({
      src: "/photos/7-400.0123456789ab.webp",
      srcSet:
        "/photos/7-400.0123456789ab.webp 400w, /photos/7-640.0123456789ab.webp 640w, " +
        "/photos/7-800.0123456789ab.webp 800w",
    });
  });
  it("never points the browser at the listing site", () => {
    expect(cardPhoto(7, "https://a.example/x.jpg", undefined, placeholder)).toEqual({ src: placeholder });
    expect(cardPhoto(7, "//a.example/x.jpg", undefined, placeholder)).toEqual({ src: placeholder });
    expect(cardPhoto(7, "", undefined, placeholder)).toEqual({ src: placeholder });
    expect(cardPhoto(7, ["javascript", "alert(1)"].join(":"), undefined, placeholder)).toEqual({
      src: placeholder,
    });
  });
  it("shows a drawing on this site as it is", () => {
    expect(cardPhoto(7, "/images/weekend-wide.svg", undefined, placeholder)).toEqual({
      src: "/images/weekend-wide.svg",
    });
  });
});

describe("fairPhotoOrder", () => {
  const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute));
  // Member A (1) queued 8 photos (from URLs that never answer) a minute before member B (2) queued one.
  const fromA = Array.from({ length: 8 }, (_, i) => ({
    houseId: 1 + i,
    suggester: 1,
    dueAt: at(i === 0 ? 0 : 1),
  }));
  const fromB = { houseId: 9, suggester: 2, dueAt: at(2) };

  it("takes turns between suggesters: B's one photo runs second, not ninth", () => {
    const order = fairPhotoOrder([...fromA, fromB]).map((photo) => photo.houseId);
    expect(order).toEqual([1, 9, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("lets a suggester whose photo is being fetched wait a round", () => {
    const order = fairPhotoOrder([...fromA.slice(1), fromB], new Set([1])).map((photo) => photo.houseId);
    expect(order[0]).toBe(9);
  });

  it("keeps each suggester's own photos oldest first, houses without a suggester as one more", () => {
    const photos = [
      { houseId: 3, suggester: 1, dueAt: at(5) },
      { houseId: 2, suggester: 1, dueAt: at(4) },
      { houseId: 7, suggester: null, dueAt: at(1) },
      { houseId: 8, suggester: null, dueAt: at(2) },
    ];
    expect(fairPhotoOrder(photos).map((photo) => photo.houseId)).toEqual([7, 2, 8, 3]);
    expect(fairPhotoOrder([])).toEqual([]);
  });
});
