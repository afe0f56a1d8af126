import { describe, expect, it } from "vitest";
import { securityHeaders } from "~/platform/services/security-headers.server";

describe("securityHeaders", () => {
  it("lets only nonce-carrying scripts run and forbids plugins, base tags and framing", () => {
    const headers = securityHeaders("abc", false);
    const csp = headers["Content-Security-Policy"];
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("worker-src 'self';");
    expect(csp).toContain("manifest-src 'self';");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("adds HSTS over https and the dev server's websocket only in development", () => {
    expect(securityHeaders("n", true)["Strict-Transport-Security"]).toContain("max-age=");
    expect(securityHeaders("n", false, true)["Content-Security-Policy"]).toContain("ws://localhost:*");
  });
});
