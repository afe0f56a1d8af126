/** The code page, coming back to `redirectTo` once signed in (and for `email`, when known). */
export function signInCodeUrl(redirectTo: string, extra: { email?: string; keep?: boolean } = {}) {
  const params = new URLSearchParams();
  if (extra.email) params.set("email", extra.email);
  if (redirectTo !== "/") params.set("redirect", redirectTo);
  if (extra.keep === false) params.set("keep", "0");
  const query = params.toString();
  return query ? `/sign-in/code?${query}` : "/sign-in/code";
}
