import { Resend } from "resend";
import { env } from "~/env.server";

export type Mail = { to: string; subject: string; html: string; text: string };

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
    const { error } = await client.emails.send({ from: config.mailFrom, ...mail });
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
