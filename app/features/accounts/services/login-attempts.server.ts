import { countAttempt, refundAttempt, type Limit } from "~/platform/services/rate-limit.server";
import { keepsState } from "~/platform/lib/module-state";

/** A login attempt on this instance, for one limit's subject: counting, or admitted and being checked. */
type Entry = { admitted: boolean; done: Promise<void>; finish: () => void };
const active = new Map<string, Set<Entry>>();
keepsState(() => active.clear());

function enter(key: string): [Set<Entry>, Entry] {
  let entries = active.get(key);
  if (!entries) active.set(key, (entries = new Set()));
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const entry: Entry = { admitted: false, done, finish };
  entries.add(entry);
  return [entries, entry];
}

function leave(key: string, entries: Set<Entry>, entry: Entry) {
  entries.delete(entry);
  if (entries.size === 0 && active.get(key) === entries) active.delete(key);
  entry.finish();
}

// A bound on waiting: each round needs another attempt that was admitted meanwhile.
const MAX_ROUNDS = 50;

/**
 * Counts a login attempt against each limit in turn, before the password is checked, so concurrent
 * guesses cannot slip past a limit. An attempt is over a limit only because others are being
 * checked at this moment (a correct login takes its count back afterwards): it then waits for them
 * and counts again, so concurrent correct logins are never refused (docs/decisions/011). Refused
 * for good only when no attempt it waited for got in. Returns `release`, to call once the attempt
 * is settled and a correct one has taken its counts back.
 */
export async function admitLoginAttempt(
  limits: [Limit, string][],
): Promise<{ retryAfter: number } | { release: () => void }> {
  const admitted: Array<[string, Set<Entry>, Entry]> = [];
  const release = () => {
    for (const [key, entries, entry] of admitted) leave(key, entries, entry);
  };
  for (const [limit, subject] of limits) {
    const key = `${limit.prefix}:${subject.toLowerCase()}`;
    for (let round = 0; ; round++) {
      const [entries, entry] = enter(key);
      const attempt = await countAttempt(limit, subject);
      if (!attempt.retryAfter) {
        entry.admitted = true;
        admitted.push([key, entries, entry]);
        break;
      }
      leave(key, entries, entry);
      const others = [...entries];
      if (others.length === 0 || round >= MAX_ROUNDS) {
        release();
        return { retryAfter: attempt.retryAfter };
      }
      await refundAttempt(limit, subject);
      await Promise.all(others.map((other) => other.done));
      if (!others.some((other) => other.admitted)) {
        release();
        return { retryAfter: attempt.retryAfter };
      }
    }
  }
  return { release };
}
