/**
 * Runs before every file of the database tests, which share one import of the app (`isolate: false`
 * in vitest.config.ts): each file starts as a fresh process would. The environment is the one the
 * run began with, the clock is real, no spy or stub is left, and every module forgets what it kept
 * (app/platform/lib/module-state.ts). Each file still opens a database of its own
 * (tests/support/database.ts).
 */
import { vi } from "vitest";
import { forgetModuleState } from "~/platform/lib/module-state";

const holder = globalThis as { __sgw25TestEnvironment?: Record<string, string | undefined> };
const startingEnvironment = (holder.__sgw25TestEnvironment ??= { ...process.env });

for (const name of Object.keys(process.env)) if (!(name in startingEnvironment)) delete process.env[name];
Object.assign(process.env, startingEnvironment);
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllEnvs();
vi.unstubAllGlobals();
forgetModuleState();
