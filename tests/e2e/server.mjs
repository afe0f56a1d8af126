// The e2e web server: the production build on a fresh PGlite directory with demo data, and a
// fake Resend server so password-reset mails go through the real SDK. The main one runs with the
// default configuration (no APP_URL); with E2E_APP_URL_SET a second one on E2E_PORT+2 has APP_URL
// set and shares the first one's fake Resend. The main one also starts a listing site's photo
// server on E2E_PORT+3 (the apps may fetch from this machine only because PHOTO_FETCH_ALLOW_PRIVATE
// is set).
import { spawn, execSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { startFakeResend } from "../support/fake-resend.mjs";
import { startImageServer } from "../support/image-server.mjs";

// A third one on E2E_PORT+4 (E2E_EDITIONS) has its own data for editions.spec.ts, whose roll-overs
// change the current edition for good.
const appUrlSet = Boolean(process.env.E2E_APP_URL_SET);
const second = appUrlSet || Boolean(process.env.E2E_EDITIONS);
const port = String(Number(process.env.E2E_PORT ?? "3100") + (appUrlSet ? 2 : second ? 4 : 0));
const mailPort = Number(process.env.E2E_MAIL_PORT ?? "3101");
const dataDir = path.resolve(`tests/.tmp/pglite-${port}`);
rmSync(dataDir, { recursive: true, force: true });

const fake = second
  ? { url: `http://127.0.0.1:${mailPort}`, server: { close() {} } }
  : await startFakeResend(mailPort);
const images = second ? undefined : await startImageServer(Number(port) + 3);
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  APP_URL: appUrlSet ? `http://localhost:${port}` : "",
  PGLITE_DIR: dataDir,
  DATABASE_URL: "",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
  RESEND_API_KEY: "re_test_key",
  RESEND_BASE_URL: fake.url,
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

execSync("npx tsx scripts/db.ts seed", { env, stdio: "inherit" });
const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
  env,
  stdio: "inherit",
});
const stop = () => {
  server.kill("SIGTERM");
  fake.server.close();
  void images?.close();
};
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, stop);
server.on("exit", (code) => {
  fake.server.close();
  void images?.close();
  process.exit(code ?? 0);
});
