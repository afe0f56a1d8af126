/**
 * What Remix answers itself while the database is stopped: resource routes (a photo, the calendar)
 * and script navigations (`.data`) get the same 503 and Retry-After as pages (decision 006).
 */
import { expect, it } from "vitest";
import { useAppOnThrowawayPostgres } from "../support/processes";

const servers = useAppOnThrowawayPostgres({
  pgPort: 5461,
  appPort: 3261,
  sessionSecret: "outage-routes-secret-0123456789",
  setupTimeoutMs: 300_000,
});

it("answers photos, the calendar and script navigations (.data) with 503 and Retry-After while the database is stopped", async () => {
  const login = await fetch(`${servers.app().url}/api/login`, {
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
  servers.pg().stop();
  try {
    for (const path of paths) {
      const response = await fetch(`${servers.app().url}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      answers[path] = `${response.status} Retry-After: ${response.headers.get("Retry-After")}`;
    }
  } finally {
    servers.pg().start();
  }
  expect(answers).toEqual(Object.fromEntries(paths.map((path) => [path, "503 Retry-After: 5"])));
  expect(servers.app().logs()).toMatch(/GET \/photos\/1-400\.0123456789ab\.webp: database unavailable/);
  expect(servers.app().logs()).not.toMatch(/at .*node_modules/);
  // And once it is back, the same photo is a plain 404 (no such photo), not a 503.
  const back = await fetch(`${servers.app().url}${paths[0]}`);
  expect(back.status).toBe(404);
}, 60_000);
