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
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import postgres from "postgres";
import { hashPassword } from "~/platform/models/password.server";
import { freshDatabase, seedDatabase, startAppServer } from "../tests/support/processes";

const adminUrl = process.env.LOAD_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const MEMBERS = Number(process.env.LOAD_MEMBERS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PORT = Number(process.env.LOAD_PORT ?? 3249);
const FLOOD_RATE = Number(process.env.LOAD_FLOOD_RATE ?? 100);
const FLOOD_ADDRESSES = Number(process.env.LOAD_FLOOD_ADDRESSES ?? 16);
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
  return startAppServer(PORT, {
    DATABASE_URL: database.url,
    SESSION_SECRET: "load-test-secret-0123456789abc",
  });
})();

try {
  const houseIds = (await db<{ id: number }[]>`select id from houses where in_play`).map((row) => row.id);
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
  const lastVote = new Map<string, string>();
  const lastName = new Map<number, string>();
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
        onSuccess = () => lastVote.set(`${i}:${house}`, vote);
      } else {
        const name = `Load member ${i} save ${n}`;
        response = await fetch(`${app.url}/api/survey`, {
          method: "POST",
          headers,
          body: JSON.stringify({ ...survey, name }),
        });
        onSuccess = () => lastName.set(i, name);
      }
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.ok) onSuccess();
      else errors.push(`${voting ? "vote" : "survey"} ${response.status}`);
      await new Promise((resolve) => setTimeout(resolve, 1500 + Math.random() * 1000));
    }
  }

  const began = Date.now();
  const [flood] = await Promise.all([
    resetFlood(PORT, FLOOD_RATE, FLOOD_ADDRESSES, stopAt),
    ...Array.from({ length: MEMBERS }, (_, i) => member(i)),
  ]);
  const elapsed = (Date.now() - began) / 1000;
  const floodFailures = Object.entries(flood.byStatus)
    .filter(([status]) => Number(status) >= 500 || Number(status) === 0)
    .reduce((sum, [, n]) => sum + n, 0);

  // Every acknowledged write is there exactly once, as last written.
  const votes = await db<{ email: string; house_id: number; vote: string }[]>`
    select u.email, v.house_id, v.vote from votes v join users u on u.id = v.user_id where u.email like 'load-%'`;
  const stored = new Map(
    votes.map((row) => [`${row.email.match(/load-(\d+)@/)![1]}:${row.house_id}`, row.vote]),
  );
  const lostVotes = [...lastVote].filter(([key, vote]) => stored.get(key) !== vote).length;
  const extraVotes = votes.length - lastVote.size;
  const surveys = await db<{ email: string; name: string }[]>`
    select u.email, s.name from surveys s join users u on u.id = s.user_id where u.email like 'load-%'`;
  const storedNames = new Map(surveys.map((row) => [Number(row.email.match(/load-(\d+)@/)![1]), row.name]));
  const lostSurveys = [...lastName].filter(([i, name]) => storedNames.get(i) !== name).length;
  const extraSurveys = surveys.length - lastName.size;

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
  console.log(`votes: ${lastVote.size} acknowledged, ${lostVotes} lost, ${extraVotes} extra`);
  console.log(`surveys: ${lastName.size} acknowledged, ${lostSurveys} lost, ${extraSurveys} extra`);
  console.log(
    `reset flood: ${flood.sent} bogus-token posts in ${flood.seconds.toFixed(0)} s (${(flood.sent / Math.max(flood.seconds, 1)).toFixed(1)}/s) from ${FLOOD_ADDRESSES} addresses; by status ${JSON.stringify(flood.byStatus)}`,
  );
  failed =
    errors.length > 0 ||
    floodFailures > 0 ||
    lostVotes > 0 ||
    extraVotes !== 0 ||
    lostSurveys > 0 ||
    extraSurveys !== 0 ||
    pct(95) > 200;
  console.log(failed ? "load: FAILED" : "load: passed");
} finally {
  await app.stop();
  await db.end();
  await database.drop();
}
process.exit(failed ? 1 : 0);
