import { describe, expect, it } from "vitest";
import { redactUrl } from "~/platform/lib/redact-url";

describe("redactUrl", () => {
  it("hides a secret in any encoding, also one nested in another parameter or the path", () => {
    const attacks = [
      "/auth?redirect=%2Forganiser%2Fconfirm%3Ftoken%3DSECRET",
      "/auth?redirect=%252Forganiser%252Fconfirm%253Ftoken%253DSECRET",
      "/auth?redirect=/organiser/confirm%3Fmode%3Dx%26token%3DSECRET&mode=login",
      "/organiser/confirm?%74oken=SECRET",
      "/organiser/confirm?%2574oken=SECRET",
      "/organiser/confirm?TOKEN=SECRET",
      "/organiser/confirm?token%5B%5D=SECRET",
      "/reset-password?x=1&token=SECRET#y",
      "/reset-password?x=1#token=SECRET",
      "/auth?redirect=%2Freset-password%3Fpassword%3DSECRET",
      "/auth?a%26token%3DSECRET=1",
      "/auth?%74oken%3DSECRET",
      "/auth/%3Ftoken%3DSECRET/x",
      "/api/x?code=SECRET&api_key=SECRET&session=SECRET",
    ];
    for (const url of attacks) {
      const redacted = redactUrl(url);
      expect(redacted, url).not.toMatch(/SECRET/i);
      expect(redacted, url).toContain("[redacted]");
    }
    expect(redactUrl("/organiser/confirm?%74oken=SECRET&mode=x")).toBe(
      "/organiser/confirm?%74oken=[redacted]&mode=x",
    );
    expect(redactUrl(attacks[0])).toBe("/auth?redirect=[redacted]");
    expect(redactUrl(attacks[2])).toBe("/auth?redirect=[redacted]&mode=login");
  });

  it("hides a private calendar address's token, not the public calendar file", () => {
    expect(redactUrl("/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd.ics")).toBe(
      "/calendar/[redacted]",
    );
    expect(redactUrl("/sgw25.ics")).toBe("/sgw25.ics");
  });

  it("hides a calendar token asked for without .ics or with another suffix, in any encoding", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd";
    for (const url of [
      `/calendar/${token}`,
      `/calendar/${token}?x=1`,
      `/calendar/${token}.data`,
      `/calendar/${token}.ICS.data`,
      `/calendar/${token}%2Eics`,
      `/%63alendar/${token}`,
      `/Calendar/${token}/more`,
      `/calendar/${"a".repeat(32)}`,
    ]) {
      expect(redactUrl(url), url).not.toContain(token.slice(0, 20));
      expect(redactUrl(url), url).not.toContain("a".repeat(32));
      expect(redactUrl(url), url).toMatch(/^\/[^/]+\/\[redacted\]/);
    }
    // A shorter segment is no token: a page's own path stays readable.
    expect(redactUrl(`/calendar/${"a".repeat(31)}`)).toBe(`/calendar/${"a".repeat(31)}`);
  });

  it("hides a personal link's token, which is the path's last segment, in any encoding", () => {
    const token = "Qx7_SECRET-0123456789abcdefghijklmnopqrstuv";
    for (const url of [
      `/continue/${token}`,
      `/continue/${token}.data`,
      `/continue/${token}?redirect=%2Fsurvey`,
      `/%63ontinue/${token}`,
      `/CONTINUE/${token}/`,
      `/auth?redirect=%2Fcontinue%2F${token}`,
      `/auth?redirect=%252Fcontinue%252F${token}`,
    ]) {
      expect(redactUrl(url), url).not.toContain("SECRET");
    }
    expect(redactUrl(`/continue/${token}`)).toBe("/continue/[redacted]");
    expect(redactUrl(`/continue/${token}?redirect=%2Fsurvey`)).toBe(
      "/continue/[redacted]?redirect=%2Fsurvey",
    );
  });

  it("leaves URLs without a token alone", () => {
    expect(redactUrl("/auth?redirect=%2Fhouses%3Fq%3Dlake&mode=login")).toBe(
      "/auth?redirect=%2Fhouses%3Fq%3Dlake&mode=login",
    );
    expect(redactUrl("/houses/12/edit?added=1")).toBe("/houses/12/edit?added=1");
    expect(redactUrl("/auth?redirect=%2Fhouses")).toBe("/auth?redirect=%2Fhouses");
    expect(redactUrl("/auth?mode=reset&token=abc#x")).toBe("/auth?mode=reset&token=[redacted]#x");
  });
});
