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

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = String((error as { code?: unknown }).code ?? "");
  if (CONNECTION_CODES.has(code) || code.startsWith("08")) return true;
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}

export const DATABASE_UNAVAILABLE = "The database is unavailable, try again";
export const RETRY_AFTER_SECONDS = 5;

/**
 * The answer for a request the database could not serve. Remix has no middleware, and a thrown
 * Response is how a loader or action says "503": pages get their error boundary with this status,
 * /api passes the JSON body through, and no stack trace is logged for an outage.
 */
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
 * becomes the 503 response above. Transactions use their own client and are never retried.
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
      console.warn(`Database unavailable (${String((error as { code?: unknown }).code)}): answering 503`);
      throw databaseUnavailableResponse();
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
      if (isDatabaseUnavailable(error)) throw databaseUnavailableResponse();
      throw error;
    }
  };
}
