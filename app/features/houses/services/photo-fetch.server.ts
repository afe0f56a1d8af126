import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "~/platform/lib/public-address";

/** Why a photo could not be fetched; the message is kept with the photo row for the organiser. */
export class PhotoFetchError extends Error {}

export type ResolvedAddress = { address: string; family: number };

export type PhotoFetchOptions = {
  /** Largest answer accepted, counted while it streams in. */
  maxBytes?: number;
  /** The whole fetch, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Which addresses may be connected to; public internet addresses only unless a test says otherwise. */
  isAllowedAddress?: (address: string) => boolean;
  /** Name resolution (tests map names to addresses); the system resolver otherwise. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
};

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = /^image\/(jpeg|pjpeg|png|webp|avif|gif)\s*(;|$)/i;

/**
 * Tests serve photos from a server on this machine; nothing else ever turns the address check off.
 * Read at each fetch so a test can set it for one run.
 */
function allowAnyAddress() {
  return process.env.PHOTO_FETCH_ALLOW_PRIVATE === "1";
}

const systemResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * A lookup for the socket that resolves the name itself and refuses it unless every address is
 * allowed, so the address that was checked is the very one connected to (no second lookup that a
 * rebinding DNS server could answer differently).
 */
function checkedLookup(
  resolve: (hostname: string) => Promise<ResolvedAddress[]>,
  allowed: (address: string) => boolean,
): LookupFunction {
  return (hostname, options, callback) => {
    const refuse = (message: string) => callback(new PhotoFetchError(message), "", 4);
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) return refuse(`${hostname} has no address`);
        const refused = addresses.find((entry) => !allowed(entry.address));
        if (refused) return refuse(`${hostname} resolves to a non-public address (${refused.address})`);
        const chosen = addresses[0];
        if (options.all) return (callback as (e: null, a: ResolvedAddress[]) => void)(null, [chosen]);
        callback(null, chosen.address, chosen.family);
      })
      .catch((error: Error) => refuse(`${hostname} could not be resolved: ${error.message}`));
  };
}

function request(url: URL, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "GET",
      // A fresh connection per request: a pooled socket could have been opened to another address.
      agent: false,
      lookup,
      signal,
      headers: {
        accept: "image/webp,image/avif,image/jpeg,image/png,image/*;q=0.8",
        "user-agent": "SGW25-planner photo fetcher",
      },
    });
    req.once("response", resolve);
    req.once("error", reject);
    req.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      response.destroy();
      throw new PhotoFetchError(`the photo is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches an image from the web for the app to store, safe against server-side request forgery:
 * http(s) only; every hop (redirects are followed by hand, at most `maxRedirects`) must resolve
 * to allowed addresses only and is connected to the address that was checked; image types only;
 * at most `maxBytes`, and the whole fetch within `timeoutMs`.
 */
export async function fetchPhoto(
  source: string,
  options: PhotoFetchOptions = {},
): Promise<{ bytes: Buffer; contentType: string }> {
  const maxBytes = options.maxBytes ?? PHOTO_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? 5;
  const allowed = options.isAllowedAddress ?? (allowAnyAddress() ? () => true : isPublicAddress);
  const lookup = checkedLookup(options.resolve ?? systemResolve, allowed);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 15_000);
  try {
    let url = new URL(source);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:")
        throw new PhotoFetchError(`only http and https photos are fetched, not ${url.protocol}`);
      const host = url.hostname.replace(/^\[|\]$/g, "");
      // An address written in the URL is connected to without a lookup, so it is checked here.
      if (isIP(host) && !allowed(host)) throw new PhotoFetchError(`${host} is not a public address`);
      const response = await request(url, lookup, controller.signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.destroy();
        if (hop >= maxRedirects) throw new PhotoFetchError(`more than ${maxRedirects} redirects`);
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.destroy();
        throw new PhotoFetchError(`the photo's server answered ${status}`);
      }
      const contentType = response.headers["content-type"] ?? "";
      if (!IMAGE_TYPES.test(contentType)) {
        response.destroy();
        throw new PhotoFetchError(`not a photo (${contentType || "no content type"})`);
      }
      const length = Number(response.headers["content-length"]);
      if (length > maxBytes) {
        response.destroy();
        throw new PhotoFetchError(`the photo is larger than ${maxBytes} bytes`);
      }
      return { bytes: await readCapped(response, maxBytes), contentType };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new PhotoFetchError("the photo's server took too long");
    if (error instanceof PhotoFetchError) throw error;
    // Errors from the socket's lookup arrive wrapped or as they were; either way they say why.
    throw new PhotoFetchError(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
