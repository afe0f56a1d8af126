import { describe, expect, it } from "vitest";
import { hasLoginMarker, loginMarkerCookie } from "~/platform/lib/login-marker";

describe("the login marker", () => {
  it("is found only as a whole cookie", () => {
    expect(hasLoginMarker("a=b; sgw_just_logged_in=1")).toBe(true);
    expect(hasLoginMarker("sgw_just_logged_in=1; a=b")).toBe(true);
    expect(hasLoginMarker("x_sgw_just_logged_in=1")).toBe(false);
    expect(hasLoginMarker("sgw_just_logged_in=10")).toBe(false);
    expect(hasLoginMarker(null)).toBe(false);
  });

  it("lasts seconds, not a session, and is Secure over https", () => {
    expect(loginMarkerCookie(false)).toBe("sgw_just_logged_in=1; Max-Age=30; Path=/; SameSite=Lax");
    expect(loginMarkerCookie(true, 0)).toContain("Max-Age=0; Path=/; SameSite=Lax; Secure");
  });
});
