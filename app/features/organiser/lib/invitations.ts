import { z } from "zod";

/** At most this many addresses per paste: a typo guard, and one round of mails stays short. */
export const INVITE_LIMIT = 50;

/** One invitation per address per day: a second paste or a parallel post does not mail it again. */
export const INVITE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Invitations one organiser may send per day: more than a friend group needs, too few to spam with. */
export const INVITE_DAILY_CAP = 100;

const email = z.string().email();

/**
 * The addresses pasted into the invite box (separated by commas, semicolons, spaces or lines, with
 * or without "Name <address>"), each once in lower case, and what could not be read as one.
 */
export function parseInviteList(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const token = raw.replace(/^[<("']+|[>)"']+$/g, "").trim();
    if (!token) continue;
    if (!token.includes("@")) continue; // the name part of "Name <address>"
    const address = token.toLowerCase();
    if (address.length > 254 || !email.safeParse(address).success) invalid.push(token);
    else if (!emails.includes(address)) emails.push(address);
  }
  return { emails, invalid };
}

/** The link an invitation carries: the register form, its e-mail filled in. */
export function registerLink(appUrl: string, address: string) {
  const query = new URLSearchParams({ mode: "register", email: address });
  return `${appUrl.replace(/\/+$/, "")}/auth?${query}`;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function invitationMail(input: { shortName: string; name: string; link: string }) {
  const body = `You are invited to plan ${input.shortName}, our ${input.name}: register, fill in the survey and vote on the houses.`;
  return {
    subject: `You are invited to ${input.shortName}`,
    text: `Hi there,\n\n${body}\n\nRegister here: ${input.link}\n`,
    html: `<p>Hi there,</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(input.link)}">Register</a></p>`,
  };
}
