/**
 * Only same-site paths may be redirect targets: "/survey" yes, "//evil.example" or
 * "https://evil.example" no (open-redirect defence). Anything else goes home.
 * remix-utils has a safeRedirect too, but it lets control characters through (see the test), so
 * these few lines stay. Characters a Location header cannot carry (any non-ASCII text, spaces) are
 * percent-encoded as UTF-8, so "/日本" is a working redirect rather than a thrown header error.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  if (target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters (a smuggled newline or tab) are refused outright.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fallback;
  return encodeUnsafe(target);
}

const utf8 = new TextEncoder();

/** Percent-encodes every character outside printable ASCII (a lone surrogate becomes U+FFFD). */
function encodeUnsafe(path: string) {
  return path.replace(/[^\x21-\x7e]+/g, (run) =>
    Array.from(utf8.encode(run), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
}
