import { env } from "~/platform/env.server";
import {
  INVITE_LIMIT,
  invitationMail,
  parseInviteList,
  registerLink,
} from "~/features/organiser/lib/invitations";
import { getEventSettings } from "~/features/event/server";
import { recordInvitation, registeredAmong } from "~/features/organiser/models/invitation.server";
import { sendMail } from "~/platform/services/mail.server";

export type InviteOutcome =
  | { ok: true; invited: string[]; registered: string[]; invalid: string[]; failed: string[] }
  | { ok: false; error: string };

/** Mails each pasted address that has no account yet a link to register, its address filled in. */
export async function inviteAddresses(text: string): Promise<InviteOutcome> {
  const { emails, invalid } = parseInviteList(text);
  if (emails.length === 0) {
    return {
      ok: false,
      error: invalid.length
        ? `Not an e-mail address: ${invalid.join(", ")}`
        : "Paste at least one e-mail address.",
    };
  }
  if (emails.length > INVITE_LIMIT) return { ok: false, error: `At most ${INVITE_LIMIT} addresses at once.` };
  const [registered, event] = await Promise.all([registeredAmong(emails), getEventSettings()]);
  const config = env();
  const invited: string[] = [];
  const failed: string[] = [];
  for (const address of emails.filter((email) => !registered.has(email))) {
    await recordInvitation(address);
    const mail = invitationMail({
      shortName: event.shortName,
      name: event.name,
      link: registerLink(config.appUrl, address),
    });
    if (await sendMail({ to: address, ...mail })) invited.push(address);
    else failed.push(address);
  }
  return { ok: true, invited, registered: [...registered], invalid, failed };
}
