import { Resend } from "resend";
import { env } from "~/platform/env.server";

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

/**
 * The one way the app sends mail: through the Resend SDK when RESEND_API_KEY is set (the SDK
 * honours RESEND_BASE_URL), else printed to the server log for local use. Never throws: a mail
 * failure is logged and reported as `false`.
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
    const { error } = await client.emails.send({ from: config.mailFrom, ...mail, attachments });
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
