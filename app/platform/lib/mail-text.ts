/** How much of a member's name a mail repeats. */
export const MAIL_NAME_MAX = 40;

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * One line of text for a mail: control characters (a carriage return, a line feed, …) become spaces,
 * runs of space become one, and it is cut to `max` characters.
 */
export function mailLine(text: string, max = 200) {
  const line = text.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** Anything a mail client would turn into a link: a scheme, "www.", or a dotted domain name. */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|www\.|[a-z0-9-]+\.[a-z]{2,}/i;

/**
 * A member's name as a mail greets them: what anyone typed at registration goes to every member an
 * organiser reminds, so it is one short line, and a name that looks like a link is not repeated.
 */
export function mailName(name: string | null | undefined, fallback = "there") {
  const line = mailLine(name ?? "", MAIL_NAME_MAX);
  return line && !LINK_LIKE.test(line) ? line : fallback;
}

/** Text for a mail's HTML part. */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
