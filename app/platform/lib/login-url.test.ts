import { describe, expect, it } from "vitest";
import { authUrl, loginReasonMessage, loginUrl } from "~/platform/lib/login-url";

describe("loginUrl", () => {
  it("carries the way back and the reason", () => {
    const url = new URL(loginUrl("/survey/1?name=A%20B", "survey"), "http://x");
    expect(url.pathname).toBe("/auth");
    expect(url.searchParams.get("redirect")).toBe("/survey/1?name=A%20B");
    expect(loginReasonMessage(url.searchParams.get("reason"))).toBe("No token found. Please log in again.");
  });

  it("is plain /auth for the home page and ignores unknown reasons", () => {
    expect(loginUrl("/")).toBe("/auth");
    expect(loginReasonMessage("toString")).toBeNull();
    expect(loginReasonMessage(null)).toBeNull();
  });
});

describe("authUrl", () => {
  it("names the mode unless it is the login, and keeps the way back", () => {
    expect(authUrl("/houses", { mode: "register" })).toBe("/auth?mode=register&redirect=%2Fhouses");
    expect(authUrl("/", { mode: "login" })).toBe("/auth");
    expect(authUrl("/", { mode: "forgot" })).toBe("/auth?mode=forgot");
  });
});
