import { z } from "zod";

export { INVITE_DAILY_CAP, INVITE_INTERVAL_MS, INVITE_LIMIT } from "~/features/organiser/lib/invite-limits";

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
