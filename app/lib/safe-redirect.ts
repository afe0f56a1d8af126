/**
 * Only same-site paths may be redirect targets: "/survey" yes, "//evil.example" or
 * "https://evil.example" no (open-redirect defence). Anything else goes home.
 * remix-utils has a safeRedirect too, but it lets control characters through (see the test), so
 * these few lines stay.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  if (target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters (a smuggled newline or tab) are refused outright.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  return target;
}
