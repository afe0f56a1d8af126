import { z } from "zod";
import { NAME_MAX } from "~/platform/lib/limits";
import { mailName } from "~/platform/lib/mail-text";

export { INVITE_DAILY_CAP, INVITE_INTERVAL_MS, INVITE_LIMIT } from "~/features/organiser/lib/invite-limits";

const email = z.string().email();

/**
 * The addresses pasted into the invite box (entries separated by commas, semicolons or lines; within
 * one, spaces), each once in lower case, with the name of a "Name <address>" entry, and every entry
 * that could not be read as an address (a name alone included: it is never skipped without a word).
 */
export function parseInviteList(text: string): {
  emails: string[];
  invalid: string[];
  names: Record<string, string>;
} {
  const emails: string[] = [];
  const invalid: string[] = [];
  const names: Record<string, string> = {};
  const add = (raw: string, name?: string) => {
    const token = raw.replace(/^[<("']+|[>)"']+$/g, "").trim();
    if (!token) return;
    const address = token.toLowerCase();
    if (address.length > 254 || !email.safeParse(address).success) return void invalid.push(token);
    if (!emails.includes(address)) emails.push(address);
    if (name && !names[address]) names[address] = name.slice(0, 100);
  };
  for (const entry of text.split(/[,;\n]+/)) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const named = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed);
    if (named) {
      add(named[2], named[1].replace(/^["']|["']$/g, "").trim() || undefined);
      continue;
    }
    const tokens = trimmed.split(/\s+/);
    const addresses = tokens.filter((token) => token.includes("@"));
    if (addresses.length === 0) invalid.push(trimmed);
    else if (addresses.length === 1 && tokens.length > 1)
      add(addresses[0], tokens.filter((token) => !token.includes("@")).join(" "));
    else for (const token of addresses) add(token);
  }
  return { emails, invalid, names };
}

/** The link an invitation carries: the register form, its e-mail (and the name the list gave) filled in. */
export function registerLink(appUrl: string, address: string, name?: string) {
  const query = new URLSearchParams({ mode: "register", email: address });
  const shown = name?.replace(/\s+/g, " ").trim().slice(0, NAME_MAX);
  if (shown) query.set("name", shown);
  return `${appUrl.replace(/\/+$/, "")}/auth?${query}`;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function invitationMail(input: {
  shortName: string;
  name: string;
  link: string;
  /** The invited person's name, when the list gave one ("Name <address>"). */
  guest?: string;
}) {
  const body = `You are invited to plan ${input.shortName}, our ${input.name}: register, fill in the survey and vote on the houses.`;
  // docs/organiser.md's rule for a name in a mail: one line of at most 40 characters, never a link.
  const greeting = `Hi ${mailName(input.guest?.replace(/[<>]+/g, " "))},`;
  return {
    subject: `You are invited to ${input.shortName}`,
    text: `${greeting}\n\n${body}\n\nRegister here: ${input.link}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(input.link)}">Register</a></p>`,
  };
}
