import { hash, verify } from "@node-rs/argon2";
import { concurrencyLimit } from "~/platform/lib/concurrency";

// OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane. Algorithm 2 is argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Two hashes at a time at most: a flood of logins or resets queues here instead of taking every core. */
const argon2Slots = concurrencyLimit(2);

export function hashPassword(password: string): Promise<string> {
  return argon2Slots(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Slots(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
