import { existsSync } from "node:fs";
import { z } from "zod";
import { DEFAULT_EVENT_TIME_ZONE, isValidTimeZone } from "~/platform/lib/deadline";
import { parseTrustProxy, type TrustProxy } from "~/platform/lib/trust-proxy";
import { keepsState } from "~/platform/lib/module-state";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PGLITE_DIR: z.string().trim().min(1).default("./data/pglite"),
  SGW_DEMO: z.enum(["", "0", "1"]).default(""),
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  APP_URL: z
    .string()
    .trim()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  RESEND_API_KEY: z.string().optional(),
  RESEND_BASE_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("SGW25 Planner <onboarding@resend.dev>"),
  MAIL_TIMEOUT_MS: z
    .union([z.literal("").transform(() => undefined), z.coerce.number().int().min(100).max(60000)])
    .optional(),
  ADMIN_EMAILS: z.string().default(""),
  CHAT_URL: z.string().url().optional(),
  TRUST_PROXY: z
    .string()
    .default("0")
    .superRefine((value, context) => {
      const parsed = parseTrustProxy(value);
      if ("error" in parsed) context.addIssue({ code: "custom", message: parsed.error });
    }),
  BACKUP_DIR: z.string().trim().default(""),
  BACKUP_COPY_DIR: z.string().trim().default(""),
  BACKUP_KEEP: z
    .union([z.literal("").transform(() => undefined), z.coerce.number().int().min(1).max(10000)])
    .optional(),
  JOBS_EVERY_MS: z
    .union([z.literal("").transform(() => undefined), z.coerce.number().int().min(1000).max(3_600_000)])
    .optional(),
  EVENT_TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_EVENT_TIME_ZONE)
    .refine(
      (zone) => zone === "" || isValidTimeZone(zone),
      "must be an IANA time zone such as America/New_York",
    ),
});

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** `npm run demo`'s instance: its published demo logins are expected, not a leak. */
  demo: boolean;
  sessionSecret: string | undefined;
  appUrl: string;
  /** APP_URL was given: only its origin may post forms (else the address the browser used may). */
  appUrlConfigured: boolean;
  secureCookies: boolean;
  resendApiKey: string | undefined;
  mailFrom: string;
  /** How long one mail may take before it counts as failed. */
  mailTimeoutMs: number;
  adminEmails: string[];
  chatUrl: string;
  /** Which proxies may report the client address (X-Forwarded-For) and scheme. */
  trustProxy: TrustProxy;
  /** The zone the survey deadline is entered and shown in. */
  eventTimeZone: string;
  /** Where the nightly and pre-migration backups go, and how many of the newest are kept. */
  backupDir: string;
  backupKeep: number;
  /** A second place (a USB stick, a NAS, a synced folder) every nightly and pre-migration backup is copied to. */
  backupCopyDir: string | undefined;
  /**
   * How often the background jobs (trip mails, organiser notices) look for
   * work. A minute in production; the browser tests shorten it so a job's effect needs no long wait.
   */
  jobsEveryMs: number;
};

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}\nSee .env.example.`);
  }
  const raw = result.data;
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  const demo = raw.SGW_DEMO === "1";
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    // The demo is embedded only: a DATABASE_URL left in .env must never receive its accounts.
    databaseUrl: demo ? undefined : raw.DATABASE_URL,
    pgliteDir: raw.PGLITE_DIR,
    demo,
    // Unset means: generate one once and keep it in the database (services/secret.server.ts).
    sessionSecret: raw.SESSION_SECRET,
    appUrl,
    appUrlConfigured: raw.APP_URL !== undefined,
    secureCookies: appUrl.startsWith("https://"),
    resendApiKey: raw.RESEND_API_KEY || undefined,
    mailFrom: raw.MAIL_FROM,
    mailTimeoutMs: raw.MAIL_TIMEOUT_MS ?? 10000,
    adminEmails: raw.ADMIN_EMAILS.split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    chatUrl: raw.CHAT_URL ?? "https://chat.whatsapp.com/",
    trustProxy: parseTrustProxy(raw.TRUST_PROXY) as TrustProxy,
    eventTimeZone: raw.EVENT_TIME_ZONE || DEFAULT_EVENT_TIME_ZONE,
    backupDir: raw.BACKUP_DIR || "./data/backups",
    backupKeep: raw.BACKUP_KEEP ?? 14,
    backupCopyDir: raw.BACKUP_COPY_DIR || undefined,
    jobsEveryMs: raw.JOBS_EVERY_MS ?? 60_000,
  };
}

let cached: Env | undefined;
keepsState(() => (cached = undefined));

/** The validated configuration, read once; a bad value stops the app with a clear message. */
export function env(): Env {
  if (!cached && !process.env.VITEST && existsSync(".env")) {
    // Values already in the environment win over the file.
    process.loadEnvFile(".env");
  }
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
