import { NAME_MAX } from "~/platform/lib/limits";

/** The code page, coming back to `redirectTo` once signed in (and for `email`, when known). */
export function signInCodeUrl(redirectTo: string, extra: { email?: string; keep?: boolean } = {}) {
  const params = new URLSearchParams();
  if (extra.email) params.set("email", extra.email);
  if (redirectTo !== "/") params.set("redirect", redirectTo);
  if (extra.keep === false) params.set("keep", "0");
  const query = params.toString();
  return query ? `/sign-in/code?${query}` : "/sign-in/code";
}

/**
 * A name an invitation's link carries, as a register form may prefill it: one line of printable
 * text at most NAME_MAX long, or undefined. Only ever a field's default value (React escapes it).
 */
export function nameFromLink(raw: string | null | undefined): string | undefined {
  const name = raw
    ?.replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, NAME_MAX)
    .trim();
  return name || undefined;
}

/** The page where an invited address registers with a mailed code instead of a password. */
export function registerCodeUrl(email: string, extra: { sent?: boolean; name?: string } = {}) {
  const params = new URLSearchParams();
  if (email) params.set("email", email);
  if (extra.name) params.set("name", extra.name);
  if (extra.sent) params.set("sent", "1");
  const query = params.toString();
  return query ? `/register/code?${query}` : "/register/code";
}

/** The register form as an invitation opens it: the address (and the name) filled in. */
export function registerFormUrl(email: string, name?: string) {
  const params = new URLSearchParams({ mode: "register" });
  if (email) params.set("email", email);
  if (name) params.set("name", name);
  return `/auth?${params}`;
}
