/**
 * What Remix answers itself while the database is stopped: resource routes (a photo, the calendar)
 * and script navigations (`.data`) get the same 503 and Retry-After as pages (decision 006).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  seedDatabase,
  startAppServer,
  startThrowawayPostgres,
  type AppServer,
  type ThrowawayPostgres,
} from "../support/processes";

const PG_PORT = 5461;
const APP_PORT = 3261;

let pg: ThrowawayPostgres;
let app: AppServer;

beforeAll(async () => {
  pg = startThrowawayPostgres(PG_PORT);
  seedDatabase({ DATABASE_URL: pg.url });
  app = await startAppServer(APP_PORT, {
    DATABASE_URL: pg.url,
    SESSION_SECRET: "outage-routes-secret-0123456789",
  });
}, 300_000);

afterAll(async () => {
  await app?.stop();
  pg?.destroy();
});

it("answers photos, the calendar and script navigations (.data) with 503 and Retry-After while the database is stopped", async () => {
  const login = await fetch(`${app.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "alex@example.com", password: "sgw25-demo" }),
  });
  const { token } = (await login.json()) as { token: string };
  const paths = [
    "/photos/1-400.0123456789ab.webp",
    "/sgw25.ics",
    "/houses.data",
    "/results.data",
    "/_root.data",
  ];
  const answers: Record<string, string> = {};
  pg.stop();
  try {
    for (const path of paths) {
      const response = await fetch(`${app.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      answers[path] = `${response.status} Retry-After: ${response.headers.get("Retry-After")}`;
    }
  } finally {
    pg.start();
  }
  expect(answers).toEqual(Object.fromEntries(paths.map((path) => [path, "503 Retry-After: 5"])));
  expect(app.logs()).toMatch(/GET \/photos\/1-400\.0123456789ab\.webp: database unavailable/);
  expect(app.logs()).not.toMatch(/at .*node_modules/);
  // And once it is back, the same photo is a plain 404 (no such photo), not a 503.
  const back = await fetch(`${app.url}${paths[0]}`);
  expect(back.status).toBe(404);
}, 60_000);
