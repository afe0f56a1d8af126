import type { PGlite, Transaction } from "@electric-sql/pglite";
import postgres, { type Sql } from "postgres";
import { ALL_TABLES, tablesWrittenBy, type TableChanges } from "~/platform/db/table-changes";

type OnWrite = (tables: readonly string[]) => void;
type Thenable = PromiseLike<unknown> & { values: () => PromiseLike<unknown> };
type Unsafe = (query: string, params?: unknown[], options?: unknown) => Thenable;

/**
 * Wraps the postgres.js client Drizzle uses so every write reports its tables: a statement once it
 * succeeded, a transaction's statements once it committed (never before: a read in between would
 * cache the old rows under the new version).
 */
export function trackPostgresWrites(client: Sql, onWrite: OnWrite): Sql {
  const unsafe = client.unsafe.bind(client) as unknown as Unsafe;
  const tracked = (...args: Parameters<Unsafe>) => {
    const query = unsafe(...args);
    const after = <T>(result: T) => {
      onWrite(tablesWrittenBy(args[0]));
      return result;
    };
    return {
      values: () => query.values().then(after),
      then: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) =>
        query.then(after).then(onFulfilled, onRejected),
    };
  };
  const begin = (...args: unknown[]) => {
    const written = new Set<string>();
    const body = args.at(-1) as (tx: Sql) => unknown;
    const collecting = (tx: Sql) =>
      body(
        new Proxy(tx, {
          get(target, property, receiver) {
            if (property !== "unsafe") return Reflect.get(target, property, receiver);
            return (query: string, ...rest: unknown[]) => {
              for (const table of tablesWrittenBy(query)) written.add(table);
              return (target.unsafe as unknown as Unsafe)(query, ...(rest as [unknown[], unknown]));
            };
          },
        }),
      );
    const run = client.begin as unknown as (...a: unknown[]) => Promise<unknown>;
    return run(...args.slice(0, -1), collecting).then((result) => {
      onWrite([...written]);
      return result;
    });
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") return tracked;
      if (property === "begin") return begin;
      return Reflect.get(target, property, receiver);
    },
  });
}

/** The same for PGlite: `query` and `exec` after they succeed, a transaction after it committed. */
export function trackPgliteWrites(client: PGlite, onWrite: OnWrite): PGlite {
  const collect = (target: PGlite | Transaction, written?: Set<string>) =>
    new Proxy(target, {
      get(inner, property, receiver) {
        const value = Reflect.get(inner, property, receiver) as unknown;
        if (property === "query" || property === "exec") {
          const run = value as (query: string, ...rest: unknown[]) => Promise<unknown>;
          return async (query: string, ...rest: unknown[]) => {
            const result = await run.call(inner, query, ...rest);
            if (written) for (const table of tablesWrittenBy(query)) written.add(table);
            else onWrite(tablesWrittenBy(query));
            return result;
          };
        }
        if (property === "transaction") {
          return async (body: (tx: Transaction) => Promise<unknown>) => {
            const tables = new Set<string>();
            const result = await (inner as PGlite).transaction((tx) =>
              body(collect(tx, tables) as Transaction),
            );
            onWrite([...tables]);
            return result;
          };
        }
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(inner) : value;
      },
    });
  return collect(client) as PGlite;
}

const CHANNEL = "sgw25_table_changes";
/** How often an instance checks that its LISTEN connection still hears (a notice to itself). */
const HEARTBEAT_MS = 5_000;

/**
 * Tells the other instances on this database which tables this one wrote (NOTIFY), and applies
 * theirs to `changes` (LISTEN). postgres.js re-listens after a lost connection only once, so a
 * heartbeat (a notice to itself every few seconds) finds a dead listener; a new one is opened, and
 * everything counts as changed, since notices may have been missed meanwhile.
 */
export function shareChanges(url: string, client: Sql, changes: TableChanges) {
  const instance = Math.random().toString(36).slice(2, 10);
  let listener: Sql | undefined;
  let heard = Date.now();
  let stopped = false;

  const start = () => {
    const own = postgres(url, { max: 1, connect_timeout: 2, backoff: () => 0.1, onnotice: () => {} });
    listener = own;
    own
      .listen(
        CHANNEL,
        (payload) => {
          heard = Date.now();
          const [from, tables] = payload.split(" ");
          if (from !== instance && tables) changes.changed(tables.split(","));
        },
        () => changes.changed([ALL_TABLES]),
      )
      .catch(() => {
        // The database is away; the heartbeat tries again.
      });
  };

  const heartbeat = setInterval(() => {
    if (stopped) return;
    if (Date.now() - heard > 3 * HEARTBEAT_MS) {
      void listener?.end({ timeout: 1 }).catch(() => {});
      heard = Date.now();
      start();
    }
    client.notify(CHANNEL, `${instance} `).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  start();

  return {
    /** After a local write: the others drop what depends on these tables. */
    announce(tables: readonly string[]) {
      if (tables.length === 0 || stopped) return;
      client.notify(CHANNEL, `${instance} ${tables.join(",")}`).catch(() => {});
    },
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      await listener?.end({ timeout: 1 }).catch(() => {});
    },
  };
}
