import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { startFakeResend } from "./fake-resend.mjs";

/** A mail as the fake Resend server received it from the SDK. */
export type SentMail = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: string }>;
};
export type FakeMail = {
  server: import("node:http").Server;
  mails: SentMail[];
  failing: Set<string>;
  /** Addresses whose mails the fake never answers. */
  hanging: Set<string>;
  /** Every mail posted, failed, hanging or sent. */
  attempts: SentMail[];
  /** The most mails in flight at once since the start or `resetPeak()`. */
  readonly peak: number;
  resetPeak: () => void;
  url: string;
};

/**
 * Sends the app's mail to a fresh fake Resend server (fake-resend.mjs), with `env` set as well
 * (ADMIN_EMAILS, APP_URL, …). `restore` stops it and puts the environment back as it was.
 */
export async function withFakeMail(env: Record<string, string> = {}) {
  const fake = (await startFakeResend(0)) as FakeMail;
  const values = { RESEND_API_KEY: "re_test", RESEND_BASE_URL: fake.url, ...env };
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  resetEnvCache();
  const restore = () => {
    fake.server.closeAllConnections();
    fake.server.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  };
  return { fake, restore };
}

/** `withFakeMail` for every test of the calling file; the fake is there once `beforeAll` has run. */
export function useFakeMail(env: Record<string, string> = {}) {
  const current: { fake?: FakeMail; restore?: () => void } = {};
  beforeAll(async () => Object.assign(current, await withFakeMail(env)));
  afterAll(() => current.restore?.());
  return {
    get server() {
      return current.fake!.server;
    },
    get mails() {
      return current.fake!.mails;
    },
    get failing() {
      return current.fake!.failing;
    },
    get hanging() {
      return current.fake!.hanging;
    },
    get attempts() {
      return current.fake!.attempts;
    },
    get peak() {
      return current.fake!.peak;
    },
    resetPeak: () => current.fake!.resetPeak(),
    /** The mails to `to` once `count` of them have arrived (mail work may run after the answer). */
    async mailsTo(to: string, count = 1): Promise<SentMail[]> {
      for (let wait = 0; wait < 200; wait++) {
        const found = current.fake!.mails.filter((sent) => [sent.to].flat().includes(to));
        if (found.length >= count) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`No ${count} mail(s) to ${to}`);
    },
  };
}
