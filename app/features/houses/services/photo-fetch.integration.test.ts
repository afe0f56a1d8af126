import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startImageServer } from "../../../../tests/support/image-server.mjs";
import { isPublicAddress } from "~/platform/lib/public-address";
import { fetchPhoto, type PhotoFetchOptions } from "~/features/houses/services/photo-fetch.server";

let images: Awaited<ReturnType<typeof startImageServer>>;

beforeAll(async () => {
  images = await startImageServer();
});
afterAll(() => images.close());

/**
 * As if the image server were on the public internet: 127.0.0.1 counts as public here and
 * photos.test resolves to it; intranet.test resolves to a private address. Every other address
 * goes through the real rules, and one they would allow fails the test instead of being connected
 * to, so a broken rule never sends a packet off this machine.
 */
const asIfPublic: PhotoFetchOptions = {
  isAllowedAddress: (address) => {
    if (address === "127.0.0.1") return true;
    if (isPublicAddress(address)) throw new Error(`the rules let ${address} through`);
    return false;
  },
  resolve: async (hostname) => {
    if (hostname === "photos.test") return [{ address: "127.0.0.1", family: 4 }];
    if (hostname === "intranet.test") return [{ address: "10.1.2.3", family: 4 }];
    if (hostname === "mixed.test")
      return [
        { address: "127.0.0.1", family: 4 },
        { address: "169.254.169.254", family: 4 },
      ];
    throw new Error(`no test address for ${hostname}`);
  },
};
const publicUrl = (path: string) => `http://photos.test:${images.port}${path}`;

async function refusal(url: string, options?: PhotoFetchOptions) {
  const started = Date.now();
  const error = await fetchPhoto(url, options).then(
    () => undefined,
    (reason: Error) => reason,
  );
  return { message: error?.message, ms: Date.now() - started };
}

// The default rules are tried only on this machine's own addresses (private and link-local ranges
// are refused by the same rules: see lib/public-address.test.ts, and the suite below).
describe("fetchPhoto with the default rules", () => {
  it.each([
    ["loopback", (port: number) => `http://127.0.0.1:${port}/photo.jpg`],
    ["loopback by name", (port: number) => `http://localhost:${port}/photo.jpg`],
    ["IPv6 loopback", (port: number) => `http://[::1]:${port}/photo.jpg`],
    ["IPv4-mapped loopback", (port: number) => `http://[::ffff:127.0.0.1]:${port}/photo.jpg`],
    ["loopback as a number", (port: number) => `http://2130706433:${port}/photo.jpg`],
    ["this host", (port: number) => `http://0.0.0.0:${port}/photo.jpg`],
  ])("refuses %s before connecting", async (_name, url) => {
    const before = images.requests().length;
    const { message } = await refusal(url(images.port));
    expect(message).toMatch(/not a public address|non-public address/);
    expect(images.requests().length).toBe(before);
  });

  it.each(["file:///etc/passwd", "ftp://photos.test/a.jpg", "data:image/png;base64,AAAA"])(
    "refuses %s",
    async (url) => {
      expect((await refusal(url)).message).toMatch(/only http and https/);
    },
  );
});

describe("fetchPhoto from a public server", () => {
  it("fetches a photo", async () => {
    const { bytes, contentType } = await fetchPhoto(publicUrl("/photo.jpg"), asIfPublic);
    expect(contentType).toBe("image/jpeg");
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it("follows a redirect to another public photo", async () => {
    const { bytes } = await fetchPhoto(publicUrl("/redirect?to=/other.jpg"), asIfPublic);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(images.requests().slice(-2)).toEqual(["/redirect", "/other.jpg"]);
  });

  it.each([
    ["link-local", "http://169.254.169.254/latest/meta-data"],
    ["loopback IPv6", "http://[::1]/photo.jpg"],
    ["a name that resolves to a private address", "http://intranet.test/photo.jpg"],
    ["a name with one private address among public ones", "http://mixed.test/photo.jpg"],
    ["a file", "file:///etc/passwd"],
  ])("refuses a redirect to %s", async (_name, target) => {
    const { message } = await refusal(publicUrl(`/redirect?to=${encodeURIComponent(target)}`), asIfPublic);
    expect(message).toMatch(/not a public address|non-public address|only http and https/);
  });

  it.each([
    ["link-local (cloud metadata)", "http://169.254.169.254/latest/meta-data.jpg"],
    ["a private network", "http://10.0.0.1/photo.jpg"],
    ["a home network", "https://192.168.1.1/photo.jpg"],
    ["a name that resolves to a private address", "http://intranet.test/photo.jpg"],
    ["a name with one link-local address among public ones", "http://mixed.test/photo.jpg"],
  ])("refuses %s", async (_name, url) => {
    expect((await refusal(url, asIfPublic)).message).toMatch(/not a public address|non-public address/);
  });

  it("stops after five redirects", async () => {
    expect((await refusal(publicUrl("/loop?n=6"), asIfPublic)).message).toMatch(/more than 5 redirects/);
    await expect(fetchPhoto(publicUrl("/loop?n=4"), asIfPublic)).resolves.toBeTruthy();
  });

  it("refuses an answer past the size cap, counted while it streams", async () => {
    expect((await refusal(publicUrl("/big.jpg"), asIfPublic)).message).toMatch(/larger than 10485760 bytes/);
    expect((await refusal(publicUrl("/declared-big.jpg"), asIfPublic)).message).toMatch(/larger than/);
  });

  it("refuses what is not an image", async () => {
    expect((await refusal(publicUrl("/page.jpg"), asIfPublic)).message).toMatch(/not a photo \(text\/html\)/);
    expect((await refusal(publicUrl("/gone.jpg"), asIfPublic)).message).toMatch(/answered 404/);
  });

  it("gives up on a slow server at the time cap", async () => {
    const { message, ms } = await refusal(publicUrl("/slow.jpg?ms=5000"), { ...asIfPublic, timeoutMs: 300 });
    expect(message).toMatch(/took too long/);
    expect(ms).toBeLessThan(2000);
  });
});
