import type { Sql } from "postgres";

/**
 * Errors that mean "the database is not there right now" (down, restarting, unreachable, too slow),
 * as opposed to a bad query: postgres.js's own connection codes and Postgres's SQLSTATE classes 08
 * (connection exception), 57P01-57P03 (shutting down / starting up) and 57014 (statement timeout).
 */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01",
  "57P02",
  "57P03",
  "57014",
]);

/** Thrown by the database layer when Postgres cannot be reached; pages and /api answer it with 503. */
export class DatabaseUnavailableError extends Error {
  constructor(readonly code: string) {
    super(`The database is unavailable (${code})`);
    this.name = "DatabaseUnavailableError";
  }
}

/** True for an outage error, also when a library wrapped it (Drizzle puts the driver's error in `cause`). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = String((error as { code?: unknown }).code ?? "");
  if (CONNECTION_CODES.has(code) || code.startsWith("08")) return true;
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

export const DATABASE_UNAVAILABLE = "The database is unavailable, try again";
export const RETRY_AFTER_SECONDS = 5;

/** The driver's code for an outage error ("ECONNREFUSED", "57P01", …), for a one-line log. */
export function outageCode(error: unknown, depth = 0): string {
  if (!error || typeof error !== "object" || depth > 5) return "unknown";
  if (isDatabaseUnavailable(error) && !isDatabaseUnavailable((error as { cause?: unknown }).cause)) {
    return String((error as { code?: unknown }).code ?? "unknown");
  }
  return outageCode((error as { cause?: unknown }).cause, depth + 1);
}

/** The answer for a request the database could not serve (see entry.server.tsx and api.server.ts). */
export function databaseUnavailableResponse(): Response {
  return new Response(JSON.stringify({ error: DATABASE_UNAVAILABLE }), {
    status: 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Retry-After": String(RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}

const READ_ONLY = /^\s*(select|with\s[\s\S]*\bselect\b)/i;
const WRITES = /\b(insert|update|delete|for\s+update|for\s+share)\b/i;

/** A plain read can be sent again safely; anything that might have written cannot. */
export function isIdempotentRead(query: string): boolean {
  return READ_ONLY.test(query) && !WRITES.test(query);
}

type PendingQuery = PromiseLike<unknown> & { values: () => PromiseLike<unknown> };
type Unsafe = (query: string, params?: unknown[], options?: unknown) => PendingQuery;

/**
 * Wraps the postgres.js client Drizzle uses: a read that fails because its pooled connection died
 * with the server is retried once on a fresh connection; whatever still fails for lack of a database
 * becomes a DatabaseUnavailableError. Transactions use their own client and are never retried.
 */
export function retryingReads(client: Sql): Sql {
  const unsafe = client.unsafe.bind(client) as unknown as Unsafe;
  const run = async (pick: (query: PendingQuery) => PromiseLike<unknown>, args: Parameters<Unsafe>) => {
    try {
      return await pick(unsafe(...args));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (isIdempotentRead(args[0])) {
        try {
          await new Promise((resolve) => setTimeout(resolve, 200));
          return await pick(unsafe(...args));
        } catch (retryError) {
          if (!isDatabaseUnavailable(retryError)) throw retryError;
        }
      }
      throw new DatabaseUnavailableError(String((error as { code?: unknown }).code));
    }
  };
  const wrappedUnsafe = (...args: Parameters<Unsafe>) => {
    let result: Promise<unknown> | undefined;
    return {
      values: () => run((query) => query.values(), args),
      then: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) => {
        result ??= run((query) => query, args);
        return result.then(onFulfilled, onRejected);
      },
    };
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") return wrappedUnsafe;
      if (property === "begin") return wrapBegin(target);
      return Reflect.get(target, property, receiver);
    },
  });
}

/** A transaction that could not reach the database is a 503 too (never retried: it may have written). */
function wrapBegin(client: Sql) {
  return async (...args: unknown[]) => {
    try {
      return await (client.begin as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      if (isDatabaseUnavailable(error))
        throw new DatabaseUnavailableError(String((error as { code?: unknown }).code));
      throw error;
    }
  };
}
