import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { cookieSecret } from "~/platform/services/secret.server";

/** A key of its own per use, derived from the app's secret, so a code's HMAC is no cookie signature. */
async function keyFor(use: "code-hash" | "code-seal") {
  return Buffer.from(hkdfSync("sha256", await cookieSecret(), "sgw-sign-in", use, 32));
}

/**
 * A keyed hash of a short code: a plain SHA-256 of six digits is undone by trying all million, so
 * the hash needs the app's secret as well as the database to be reversed.
 */
export async function hashCode(code: string, salt: string) {
  return createHmac("sha256", await keyFor("code-hash"))
    .update(`${salt}:${code}`)
    .digest("hex");
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string) {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Seals a secret with AES-256-GCM under the app's secret (iv.tag.ciphertext, base64url). */
export async function seal(plain: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await keyFor("code-seal"), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** Opens what `seal` made; undefined when it was not sealed under this secret. */
export async function unseal(sealed: string): Promise<string | undefined> {
  try {
    const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
    const decipher = createDecipheriv("aes-256-gcm", await keyFor("code-seal"), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
