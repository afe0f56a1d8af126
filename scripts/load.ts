/**
 * `npm run load`: 100 members act at once for 60 s against the production build on PostgreSQL,
 * each voting or saving their survey about every two seconds; then every write is checked against
 * the database. A script, not a test: it prints the figures and exits non-zero on any error, lost or
 * doubled write, or a p95 over 200 ms.
 *
 * Beside them, a reset-password flood: bogus tokens at LOAD_FLOOD_RATE requests a second (default
 * 100; 0 turns it off) from addresses of its own (127.0.0.100 onwards, LOAD_FLOOD_ADDRESSES of them,
 * default 16), as an attacker would send; it must get no 5xx and must not slow the members down.
 *
 * LOAD_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the script
 * makes and drops a database of its own there. LOAD_MEMBERS and LOAD_SECONDS change the size.
 * LOAD_ROLLOVER=1: the organiser starts the next edition halfway (scripts/load-rollover.ts); a
 * member's write refused because the edition just closed, or a vote on a house the roll-over took out
 * of play, is counted, not an error; after it, members vote on the houses still in play.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import postgres from "postgres";
import { OUT_OF_PLAY_VOTE } from "~/features/houses/lib/house-rules";
import { hashPassword } from "~/platform/models/password.server";
import { freshDatabase, seedDatabase, startAppServer } from "../tests/support/processes";
import {
  CLOSED,
  ORGANISER,
  followWrites,
  installLateWriteWitness,
  rollOverAsOrganiser,
  type Acknowledged,
} from "./load-rollover";

const adminUrl = process.env.LOAD_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const MEMBERS = Number(process.env.LOAD_MEMBERS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PORT = Number(process.env.LOAD_PORT ?? 3249);
const FLOOD_RATE = Number(process.env.LOAD_FLOOD_RATE ?? 100);
const FLOOD_ADDRESSES = Number(process.env.LOAD_FLOOD_ADDRESSES ?? 16);
const ROLLOVER = process.env.LOAD_ROLLOVER === "1";
const CHOICES = ["love", "like", "dislike"] as const;

/**
 * Posts bogus reset tokens to /api/reset-password at `rate` a second until `stopAt`, spread over
 * `addresses` loopback addresses of its own (each its own client to the app's limits).
 */
async function resetFlood(port: number, rate: number, addresses: number, stopAt: number) {
  const byStatus: Record<number, number> = {};
  let sent = 0;
  if (rate <= 0) return { sent, byStatus, seconds: 0 };
  const began = Date.now();
  const workers = Math.max(addresses, Math.ceil(rate / 10));
  const post = (localAddress: string, agent: http.Agent) =>
    new Promise<number>((resolve) => {
      const body = JSON.stringify({
        token: randomBytes(32).toString("base64url"),
        newPassword: "flood-secret-1",
      });
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/reset-password",
          method: "POST",
          localAddress,
          agent,
          headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
      req.on("error", () => resolve(0));
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const localAddress = `127.0.0.${100 + (w % addresses)}`;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress } as http.AgentOptions);
      // Worker w sends its k-th request at began + (k * workers + w) / rate seconds.
      for (let k = 0; ; k++) {
        const due = began + ((k * workers + w) / rate) * 1000;
        if (due >= stopAt) break;
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        const status = await post(localAddress, agent);
        sent += 1;
        byStatus[status] = (byStatus[status] ?? 0) + 1;
      }
      agent.destroy();
    }),
  );
  return { sent, byStatus, seconds: (Date.now() - began) / 1000 };
}

const database = await freshDatabase(adminUrl, "sgw_load");
const db = postgres(database.url, { max: 2, onnotice: () => {} });
let failed = false;
const app = await (async () => {
  seedDatabase({ DATABASE_URL: database.url });
  const passwordHash = await hashPassword("load-test-1");
  await db`insert into users ${db(
    Array.from({ length: MEMBERS }, (_, i) => ({
      email: `load-${i}@example.com`,
      password_hash: passwordHash,
    })),
  )}`;
  await installLateWriteWitness(db);
  return startAppServer(PORT, {
    DATABASE_URL: database.url,
    SESSION_SECRET: "load-test-secret-0123456789abc",
    ...(ROLLOVER ? { ADMIN_EMAILS: ORGANISER } : {}),
  });
})();

try {
  const housesInPlay = async () =>
    (await db<{ id: number }[]>`select id from houses where in_play`).map((row) => row.id);
  let houseIds = await housesInPlay();
  const survey = {
    attending: "yes",
    sgw_extension: "no",
    previous_locale: "yes",
    sober: "no",
    share_room: "yes",
    fate_change: "aye",
    sgw24_attendee: "no",
    shirt_size: { self: "m" },
  };
  const tokens = await Promise.all(
    Array.from({ length: MEMBERS }, async (_, i) => {
      const response = await fetch(`${app.url}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: `load-${i}@example.com`, password: "load-test-1" }),
      });
      if (response.status !== 200) throw new Error(`login ${i}: ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    }),
  );

  const latencies: number[] = [];
  const errors: string[] = [];
  const acked: Acknowledged = { surveys: new Map(), votes: new Map() };
  const ack = (writes: Map<string, string[]>, key: string, value: string) =>
    writes.set(key, [...(writes.get(key) ?? []), value]);
  let refused = 0;
  const stopAt = Date.now() + SECONDS * 1000;

  async function member(i: number) {
    const headers = { Authorization: `Bearer ${tokens[i]}`, "Content-Type": "application/json" };
    let n = 0;
    // Spread the first actions over the first two seconds.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 2000));
    while (Date.now() < stopAt) {
      n += 1;
      const voting = Math.random() < 0.5;
      const started = performance.now();
      let response: Response;
      let onSuccess: () => void;
      if (voting) {
        const house = houseIds[Math.floor(Math.random() * houseIds.length)];
        const vote = CHOICES[Math.floor(Math.random() * CHOICES.length)];
        response = await fetch(`${app.url}/api/votes`, {
          method: "POST",
          headers,
          body: JSON.stringify({ house_id: house, vote }),
        });
        onSuccess = () => ack(acked.votes, `${i}:${house}`, vote);
      } else {
        const name = `Load member ${i} save ${n}`;
        response = await fetch(`${app.url}/api/survey`, {
          method: "POST",
          headers,
          body: JSON.stringify({ ...survey, name }),
        });
        onSuccess = () => ack(acked.surveys, String(i), name);
      }
      const body = await response.text();
      latencies.push(performance.now() - started);
      if (response.ok) onSuccess();
      else if (ROLLOVER && response.status === 409 && (CLOSED.test(body) || body.includes(OUT_OF_PLAY_VOTE)))
        refused += 1;
      else errors.push(`${voting ? "vote" : "survey"} ${response.status}`);
      await new Promise((resolve) => setTimeout(resolve, 1500 + Math.random() * 1000));
    }
  }

  const began = Date.now();
  const rollover = ROLLOVER
    ? new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 2)).then(() =>
        rollOverAsOrganiser(app.url, db).then(async (result) => {
          houseIds = await housesInPlay();
          return result;
        }),
      )
    : undefined;
  const [flood] = await Promise.all([
    resetFlood(PORT, FLOOD_RATE, FLOOD_ADDRESSES, stopAt),
    ...Array.from({ length: MEMBERS }, (_, i) => member(i)),
  ]);
  const rolled = await rollover;
  const elapsed = (Date.now() - began) / 1000;
  const floodFailures = Object.entries(flood.byStatus)
    .filter(([status]) => Number(status) >= 500 || Number(status) === 0)
    .reduce((sum, [, n]) => sum + n, 0);

  // Every acknowledged write is there exactly once, as last written, in the edition the member sees.
  const followed = await followWrites(db, acked);
  const count = (writes: Map<string, string[]>) => [...writes.values()].reduce((n, v) => n + v.length, 0);

  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  console.log(
    `members ${MEMBERS}, ${elapsed.toFixed(0)} s, ${latencies.length} writes (${(latencies.length / elapsed).toFixed(1)}/s)`,
  );
  console.log(
    `latency ms: p50 ${pct(50).toFixed(1)}, p95 ${pct(95).toFixed(1)}, p99 ${pct(99).toFixed(1)}, max ${latencies.at(-1)!.toFixed(1)}`,
  );
  console.log(`errors ${errors.length}${errors.length ? ` (${[...new Set(errors)].join(", ")})` : ""}`);
  console.log(
    `votes: ${count(acked.votes)} acknowledged, ${followed.votes.lost} lost, ${followed.votes.doubled} doubled`,
  );
  console.log(
    `surveys: ${count(acked.surveys)} acknowledged, ${followed.surveys.lost} lost, ${followed.surveys.doubled} doubled`,
  );
  if (rolled) {
    console.log(
      `roll-over at ${(SECONDS / 2).toFixed(0)} s: ${rolled.status} in ${rolled.ms.toFixed(0)} ms; editions ${followed.editions.join(", ")}; ` +
        `${refused} writes refused as the edition closed or their house left play`,
    );
    console.log(
      `archive: ${followed.archivedSurveys} surveys in archived editions, ${followed.missingFromArchive} missing from its frozen record; ` +
        `${followed.lateWrites} writes landed in an edition after it closed`,
    );
  }
  console.log(
    `reset flood: ${flood.sent} bogus-token posts in ${flood.seconds.toFixed(0)} s (${(flood.sent / Math.max(flood.seconds, 1)).toFixed(1)}/s) from ${FLOOD_ADDRESSES} addresses; by status ${JSON.stringify(flood.byStatus)}`,
  );
  failed =
    errors.length > 0 ||
    floodFailures > 0 ||
    followed.votes.lost + followed.votes.doubled + followed.surveys.lost + followed.surveys.doubled > 0 ||
    followed.missingFromArchive + followed.lateWrites > 0 ||
    (rolled !== undefined &&
      (rolled.status !== 302 || !followed.editions.some((e) => e.endsWith("archived")))) ||
    pct(95) > 200;
  console.log(failed ? "load: FAILED" : "load: passed");
} finally {
  await app.stop();
  await db.end();
  await database.drop();
}
process.exit(failed ? 1 : 0);
