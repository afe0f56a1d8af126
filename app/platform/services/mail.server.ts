import { Resend } from "resend";
import { env } from "~/platform/env.server";
import { keepsState } from "~/platform/lib/module-state";

/** A file sent along, e.g. the calendar file (`content` is the file's text). */
export type MailAttachment = { filename: string; content: string; contentType: string };

export type Mail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

let client: Resend | undefined;
keepsState(() => (client = undefined));

/**
 * The one way the app sends mail: through the Resend SDK when RESEND_API_KEY is set (the SDK
 * honours RESEND_BASE_URL), else printed to the server log for local use. Never throws: a mail
 * failure is logged and reported as `false`, and so is a mail the API has not taken within
 * MAIL_TIMEOUT_MS (a hanging API must not hold a round open past its claim).
 */
export async function sendMail(mail: Mail): Promise<boolean> {
  const config = env();
  if (!config.resendApiKey) {
    console.log(`[mail] To: ${mail.to}\n[mail] Subject: ${mail.subject}\n${mail.text}`);
    return true;
  }
  try {
    client ??= new Resend(config.resendApiKey);
    const attachments = mail.attachments?.map((file) => ({
      ...file,
      content: Buffer.from(file.content, "utf8"),
    }));
    const { error } = await client.emails.send(
      { from: config.mailFrom, ...mail, attachments },
      { signal: AbortSignal.timeout(config.mailTimeoutMs) },
    );
    if (error) {
      console.error(`[mail] Sending "${mail.subject}" failed: ${error.message}`);
      return false;
    }
    return true;
  } catch (error) {
    console.error(`[mail] Sending "${mail.subject}" failed:`, error);
    return false;
  }
}

/** A round sends this many mails at once, so a long list never opens a connection per address. */
export const MAIL_BATCH = 10;

export type MailRoundResult = { sent: string[]; failed: string[] };

/** What an organiser's round of mails (announcement, reminders) comes to, or why it did not go. */
export type MailRoundOutcome =
  | {
      ok: true;
      sent: number;
      failed: number;
      /** For the organiser's history of rounds: the addresses, the subject and what it said. */
      reached: string[];
      failedTo: string[];
      subject: string;
      said: string;
    }
  | { ok: false; error: string };

/**
 * The one way to send a round of mails (reminders, invitations, announcements): in batches of
 * MAIL_BATCH, each mail with sendMail's time-out. Given `until` (a time in ms), no batch starts after
 * it and the mails left count as failed, so a round ends before another may take its claim over.
 */
export async function sendMailRound(
  mails: Mail[],
  options: { until?: number } = {},
): Promise<MailRoundResult> {
  const result: MailRoundResult = { sent: [], failed: [] };
  for (let start = 0; start < mails.length; start += MAIL_BATCH) {
    const batch = mails.slice(start, start + MAIL_BATCH);
    if (options.until !== undefined && Date.now() >= options.until) {
      result.failed.push(...batch.map((mail) => mail.to));
      continue;
    }
    const sent = await Promise.all(batch.map((mail) => sendMail(mail)));
    batch.forEach((mail, index) => (sent[index] ? result.sent : result.failed).push(mail.to));
  }
  return result;
}
