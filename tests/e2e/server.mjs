// The e2e servers, started together by one command: the production build, several times over, each
// app on a PGlite directory of its own copied from one seeded with demo data (seeding is the slow
// part, so it happens once), a fake Resend that every app sends through (the real SDK, with
// RESEND_BASE_URL), and a listing site's photo server (the apps may fetch from this machine only
// because PHOTO_FETCH_ALLOW_PRIVATE is set). "E2E servers ready" on stdout says every app answers.
import { spawn, execSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { startFakeResend } from "../support/fake-resend.mjs";
import { startImageServer } from "../support/image-server.mjs";
import { JOBS_EVERY_MS } from "./jobs.mjs";

const base = Number(process.env.E2E_PORT ?? "3100");
const mailPort = Number(process.env.E2E_MAIL_PORT ?? "3101");
// E2E_PORT+1 is the fake Resend (unless E2E_MAIL_PORT moves it), +3 the photo server.
const APPS = [
  // Every js and no-js spec.
  { name: "main", port: base },
  // origin.spec.ts: the same app with APP_URL set, so a post from another address is refused.
  { name: "app-url", port: base + 2, appUrl: true },
  // editions.spec.ts: starting the next edition cannot be undone. Its trip mails' job looks every
  // JOBS_EVERY_MS (jobs.mjs), not once a minute: the spec waits for one look, not for a minute.
  { name: "editions", port: base + 4, jobsEveryMs: JOBS_EVERY_MS },
  // The specs that change app-wide state (a closed survey, reminders, the decision, the longest
  // texts): one app per project, so neither they nor any other spec ever meet each other's state.
  { name: "state-no-js", port: base + 5 },
  { name: "state-js", port: base + 6 },
  // restore.spec.ts: an empty planner with a set-up link per project, restored from a backup.
  { name: "restore-no-js", port: base + 7, empty: true },
  { name: "restore-js", port: base + 8, empty: true },
  // restore.spec.ts too: an empty planner per project on its first start, set up and walked (issue 55).
  { name: "fresh-no-js", port: base + 9, empty: true },
  { name: "fresh-js", port: base + 10, empty: true },
];

const tmp = path.resolve("tests/.tmp");
const mail = await startFakeResend(mailPort);
const images = await startImageServer(base + 3);
const common = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: "",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
  RESEND_BASE_URL: mail.url,
  MAIL_FROM: "SGW25 <planner@example.com>",
  // The demo organiser (confirmed by the seed) and, for organiser-confirm.spec.ts, one listed
  // address per project and attempt that nobody has registered yet.
  ADMIN_EMAILS: [
    "organiser@example.com",
    ...["js", "no-js"].flatMap((project) => [0, 1].map((retry) => `confirm-${project}-${retry}@example.com`)),
  ].join(","),
  CHAT_URL: "https://chat.example.com/sgw25",
  PHOTO_FETCH_ALLOW_PRIVATE: "1",
};

const seeded = path.join(tmp, `pglite-seed-${base}`);
rmSync(seeded, { recursive: true, force: true });
execSync("npx tsx scripts/db.ts seed", { env: { ...common, PGLITE_DIR: seeded }, stdio: "inherit" });

const dataDirOf = (app) => path.join(tmp, `pglite-${app.port}`);
for (const app of APPS) rmSync(dataDirOf(app), { recursive: true, force: true });
const empty = APPS.filter((app) => app.empty).map((app) => `${dataDirOf(app)}=${app.port}`);
execSync(
  `npx tsx tests/e2e/restore-apps.ts ${seeded} ${path.join(tmp, `e2e-backup-${base}.jsonl`)} ${empty.join(" ")}`,
  {
    env: { ...common, PGLITE_DIR: seeded },
    stdio: "inherit",
  },
);

const servers = APPS.map((app) => {
  const dataDir = dataDirOf(app);
  if (!app.empty) cpSync(seeded, dataDir, { recursive: true });
  const env = {
    ...common,
    PORT: String(app.port),
    APP_URL: app.appUrl ? `http://localhost:${app.port}` : "",
    PGLITE_DIR: dataDir,
    BACKUP_DIR: path.join(tmp, `backups-${app.port}`),
    // A key per app: the fake Resend tells each app's mails apart (appMailKey in support.ts).
    RESEND_API_KEY: `re_test_${app.port}`,
    JOBS_EVERY_MS: app.jobsEveryMs ? String(app.jobsEveryMs) : "",
  };
  const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  server.on("exit", (code) => {
    if (stopping) return;
    console.error(`The ${app.name} e2e server stopped (${code}).`);
    stop(1);
  });
  return server;
});

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const server of servers) server.kill("SIGTERM");
  mail.server.close();
  void images.close();
  process.exitCode = code;
}
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => stop());

async function answers(port) {
  try {
    return (await fetch(`http://localhost:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}
for (const app of APPS) {
  while (!stopping && !(await answers(app.port))) await new Promise((resolve) => setTimeout(resolve, 200));
}
if (!stopping) console.log("E2E servers ready");
