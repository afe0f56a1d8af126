import { env } from "~/platform/env.server";
import {
  INVITE_DAILY_CAP,
  INVITE_INTERVAL_MS,
  INVITE_LIMIT,
  invitationMail,
  parseInviteList,
  registerLink,
} from "~/features/organiser/lib/invitations";
import { getEventSettings } from "~/features/season/index.server";
import {
  listPendingInvitations,
  recordInvitation,
  registeredAmong,
} from "~/features/organiser/models/invitation.server";
import { claimRateLimitSlot, refundRateLimit } from "~/platform/models/rate-limit.server";
import { sendMailRound } from "~/platform/services/mail.server";

export type InviteOutcome =
  | {
      ok: true;
      invited: string[];
      registered: string[];
      invalid: string[];
      failed: string[];
      /** Invited in the last 24 hours already: not mailed again. */
      recent: string[];
      /** Not mailed: the organiser's invitations for the day are used up. */
      overCap: string[];
      subject: string;
    }
  | { ok: false; error: string };

const addressKey = (address: string) => `invite:address:${address}`;

/** The address's slot for the day first (a refused one uses none of the cap), then one of the cap. */
async function claimInvitation(address: string, organiserId: number) {
  if (!(await claimRateLimitSlot(addressKey(address), 1, INVITE_INTERVAL_MS))) return "recent";
  const key = `invite:organiser:${organiserId}`;
  if (await claimRateLimitSlot(key, INVITE_DAILY_CAP, INVITE_INTERVAL_MS)) return "claimed";
  await refundRateLimit(addressKey(address));
  return "over-cap";
}

/** The refused entries as the message names them: a few, each cut short, so the message fits a phone's screen. */
const named = (invalid: string[]) =>
  invalid
    .slice(0, 5)
    .map((entry) => (entry.length > 60 ? `${entry.slice(0, 59)}…` : entry))
    .join(", ") + (invalid.length > 5 ? ` and ${invalid.length - 5} more` : "");

/** The pasted list's addresses, or why it cannot be used: none in it, or more than one post takes. */
function readInviteList(text: string) {
  const list = parseInviteList(text);
  if (list.emails.length === 0) {
    return {
      ok: false as const,
      error: list.invalid.length
        ? `Not an e-mail address: ${named(list.invalid)}`
        : "Paste at least one e-mail address.",
    };
  }
  if (list.emails.length > INVITE_LIMIT) {
    return { ok: false as const, error: `At most ${INVITE_LIMIT} addresses at once.` };
  }
  return { ok: true as const, ...list };
}

/** The invitation one address gets: its register link, with the name the list gave it. */
function invitationTo(
  event: { shortName: string; name: string },
  address: string,
  names: Record<string, string>,
) {
  return invitationMail({
    shortName: event.shortName,
    name: event.name,
    link: registerLink(env().appUrl, address, names[address]),
    guest: names[address],
  });
}

/**
 * Mails each pasted address that has no account yet a link to register, its address filled in: at
 * most once per address per day and INVITE_DAILY_CAP per organiser per day, both claimed in the
 * database before the mail goes out, so parallel posts cannot race past either.
 */
export async function inviteAddresses(text: string, organiserId: number): Promise<InviteOutcome> {
  const list = readInviteList(text);
  if (!list.ok) return list;
  const { emails, invalid, names } = list;
  const [registered, event] = await Promise.all([registeredAmong(emails), getEventSettings()]);
  const claimed: string[] = [];
  const recent: string[] = [];
  const overCap: string[] = [];
  for (const address of emails.filter((email) => !registered.has(email))) {
    const claim = overCap.length ? "over-cap" : await claimInvitation(address, organiserId);
    (claim === "claimed" ? claimed : claim === "recent" ? recent : overCap).push(address);
  }
  for (const address of claimed) await recordInvitation(address, names[address] ?? "");
  const { sent, failed } = await sendMailRound(
    claimed.map((address) => ({ to: address, ...invitationTo(event, address, names) })),
  );
  // A mail that did not go out may be tried again at once; it still counts towards the day's cap.
  for (const address of failed) await refundRateLimit(addressKey(address));
  const { subject } = invitationMail({ shortName: event.shortName, name: event.name, link: "" });
  return { ok: true, invited: sent, registered: [...registered], invalid, failed, recent, overCap, subject };
}

export type InvitePlan =
  | {
      ok: true;
      fresh: string[];
      /** Invited before and not registered: the step says so before they get another mail. */
      again: Array<{ email: string; invitedAt: Date }>;
      registered: string[];
      invalid: string[];
      names: Record<string, string>;
      preview: { subject: string; text: string };
    }
  | { ok: false; error: string };

/** What "Send the invitations" would do with this list, without sending anything: the confirmation step. */
export async function planInvitations(text: string): Promise<InvitePlan> {
  const list = readInviteList(text);
  if (!list.ok) return list;
  const { emails, invalid, names } = list;
  const [registered, pending, event] = await Promise.all([
    registeredAmong(emails),
    listPendingInvitations(),
    getEventSettings(),
  ]);
  const before = new Map(pending.map((entry) => [entry.email.toLowerCase(), entry.invitedAt]));
  const open = emails.filter((address) => !registered.has(address));
  const first = open[0] ?? emails[0];
  const { subject, text: body } = invitationTo(event, first, names);
  return {
    ok: true,
    fresh: open.filter((address) => !before.has(address)),
    again: open.flatMap((address) => {
      const invitedAt = before.get(address);
      return invitedAt ? [{ email: address, invitedAt }] : [];
    }),
    registered: emails.filter((address) => registered.has(address)),
    invalid,
    names,
    preview: { subject, text: body },
  };
}
