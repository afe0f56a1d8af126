/**
 * A PostgreSQL restart and a stop while members use the app: the production server on a cluster
 * of the test's own, which the test restarts and stops mid-load.
 */
import postgres from "postgres";
import { expect, it } from "vitest";
import { useAppOnThrowawayPostgres } from "../support/processes";

const servers = useAppOnThrowawayPostgres({
  pgPort: 5441,
  appPort: 3241,
  sessionSecret: "outage-test-secret-0123456789",
  setupTimeoutMs: 120_000,
});

type Outcome = { path: string; started: number; ms: number; status: number; retryAfter: string | null };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("answers 503 with Retry-After while the database is away, never 500, and loses no acknowledged write", async () => {
  const login = await fetch(`${servers.app().url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "alex@example.com", password: "sgw25-demo" }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const survey = await (await fetch(`${servers.app().url}/api/survey`, { headers: auth })).json();

  const houses = (await (await fetch(`${servers.app().url}/api/houses`, { headers: auth })).json()) as Array<{
    id: number;
    in_play: boolean;
  }>;
  const housesInPlay = houses.filter((house) => house.in_play).map((house) => house.id);
  expect(housesInPlay.length).toBeGreaterThanOrEqual(4);
  const outcomes: Outcome[] = [];
  const votesSent = new Map<number, Array<{ vote: string; acknowledged: boolean }>>();
  let running = true;
  let counter = 0;

  async function timed(path: string, init?: RequestInit) {
    const started = Date.now();
    try {
      const response = await fetch(`${servers.app().url}${path}`, {
        ...init,
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      outcomes.push({
        path,
        started,
        ms: Date.now() - started,
        status: response.status,
        retryAfter: response.headers.get("Retry-After"),
      });
      return response;
    } catch {
      // A dropped or hung connection counts as a failure with status 0.
      outcomes.push({ path, started, ms: Date.now() - started, status: 0, retryAfter: null });
      return new Response(null, { status: 599 });
    }
  }

  async function member(worker: number) {
    while (running) {
      const n = counter++;
      switch (n % 5) {
        case 0:
          await timed("/results");
          break;
        case 1:
          await timed("/api/results");
          break;
        case 2: {
          // A vote, not a suggestion: suggestions are capped per member and address (10 a day, 30 an
          // hour) and this loop writes hundreds. Each worker votes on a house of its own, in turn.
          const houseId = housesInPlay[worker % housesInPlay.length];
          const vote = (["love", "like", "dislike"] as const)[n % 3];
          const response = await timed("/api/votes", {
            method: "POST",
            headers: auth,
            body: JSON.stringify({ house_id: houseId, vote }),
          });
          const sent = votesSent.get(houseId) ?? [];
          votesSent.set(houseId, [...sent, { vote, acknowledged: response.status === 200 }]);
          break;
        }
        case 3:
          await timed("/api/survey", {
            method: "POST",
            headers: auth,
            body: JSON.stringify({ ...survey, name: `Alex ${n}` }),
          });
          break;
        default:
          await timed("/houses", { headers: { Authorization: `Bearer ${token}` } });
      }
      await sleep(20);
    }
  }

  const members = [0, 1, 2, 3].map(member);
  const windows: Array<[number, number]> = [];

  await sleep(1500);
  let from = Date.now();
  servers.pg().restart();
  windows.push([from, Date.now()]);
  await sleep(2000);

  from = Date.now();
  servers.pg().stop();
  await sleep(3000);
  servers.pg().start();
  const back = Date.now();
  windows.push([from, back]);

  // /healthz must see the database again within 2 s of it answering.
  let healthyAt: number | undefined;
  while (Date.now() - back < 5000) {
    const response = await fetch(`${servers.app().url}/healthz`, { signal: AbortSignal.timeout(5000) }).catch(
      () => null,
    );
    if (response?.status === 200) {
      healthyAt = Date.now();
      break;
    }
    await sleep(50);
  }
  await sleep(2500);
  running = false;
  await Promise.all(members);

  expect(healthyAt, "healthz back").toBeDefined();
  expect(healthyAt! - back).toBeLessThanOrEqual(2000);

  const grace = 2000;
  const inOutage = (o: Outcome) =>
    windows.some(([start, end]) => o.started + o.ms >= start && o.started <= end + grace);
  const failures = outcomes.filter((o) => o.status >= 400);
  expect(outcomes.length).toBeGreaterThan(50);
  expect(failures.filter((o) => o.status !== 503)).toEqual([]);
  expect(failures.filter((o) => o.retryAfter === null)).toEqual([]);
  expect(failures.filter((o) => !inOutage(o))).toEqual([]);
  expect(outcomes.filter((o) => o.ms > 5000)).toEqual([]);
  expect(servers.app().logs()).not.toMatch(/at .*node_modules/);

  const db = postgres(servers.pg().url, { max: 1, onnotice: () => {} });
  try {
    // Each house's stored vote is its last acknowledged one, or one sent after it whose answer was lost.
    const stored = await db<{ house_id: number; vote: string }[]>`
      select v.house_id, v.vote from votes v join users u on u.id = v.user_id
      where u.email = 'alex@example.com'`;
    for (const [houseId, sent] of votesSent) {
      const lastAcknowledged = sent.map((each) => each.acknowledged).lastIndexOf(true);
      if (lastAcknowledged < 0) continue;
      const possible = new Set(sent.slice(lastAcknowledged).map((each) => each.vote));
      expect(possible, `house ${houseId}`).toContain(stored.find((row) => row.house_id === houseId)?.vote);
    }
    // A survey save also sets the display name in the same transaction: never one without the other.
    const [row] = await db<{ survey: string; user: string }[]>`
      select s.name as survey, u.name as "user" from surveys s join users u on u.id = s.user_id
      where u.email = 'alex@example.com'`;
    expect(row.user).toBe(row.survey);
  } finally {
    await db.end();
  }
  console.log(
    `outage: ${outcomes.length} requests, ${failures.length} answered 503, slowest ${Math.max(...outcomes.map((o) => o.ms))} ms, healthz back after ${healthyAt! - back} ms`,
  );
}, 120_000);
