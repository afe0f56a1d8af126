/**
 * The spec counts a login as a success when a later step fails ("Failed to load all user data"):
 * the login sets this short-lived, script-readable cookie (it holds nothing but "1"), so the error
 * page that follows within a few seconds knows the member did log in, with JavaScript on or off.
 */
export const LOGIN_MARKER = "sgw_just_logged_in";
export const LOGIN_MARKER_SECONDS = 30;
export const LOGIN_DATA_WARNING = "Failed to load all user data";

export function loginMarkerCookie(secure: boolean, maxAge = LOGIN_MARKER_SECONDS): string {
  return `${LOGIN_MARKER}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function hasLoginMarker(cookieHeader: string | null | undefined): boolean {
  return new RegExp(`(?:^|;\\s*)${LOGIN_MARKER}=1(?:;|$)`).test(cookieHeader ?? "");
}
