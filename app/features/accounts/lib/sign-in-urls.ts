/** The code page, coming back to `redirectTo` once signed in (and for `email`, when known). */
export function signInCodeUrl(redirectTo: string, extra: { email?: string; keep?: boolean } = {}) {
  const params = new URLSearchParams();
  if (extra.email) params.set("email", extra.email);
  if (redirectTo !== "/") params.set("redirect", redirectTo);
  if (extra.keep === false) params.set("keep", "0");
  const query = params.toString();
  return query ? `/sign-in/code?${query}` : "/sign-in/code";
}

/** The page where an invited address registers with a mailed code instead of a password. */
export function registerCodeUrl(email: string, sent = false) {
  const params = new URLSearchParams();
  if (email) params.set("email", email);
  if (sent) params.set("sent", "1");
  const query = params.toString();
  return query ? `/register/code?${query}` : "/register/code";
}
