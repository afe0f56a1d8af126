import { describe, expect, it } from "vitest";
import { ALREADY_SET_UP, errorCopy } from "~/platform/lib/error-copy";
import { ORGANISERS_ONLY } from "~/platform/lib/login-url";

describe("errorCopy", () => {
  it("tells a member refused an organiser page that it is for organisers, not that we failed", () => {
    expect(errorCopy(403, ORGANISERS_ONLY)).toEqual({ title: "Organisers only", text: ORGANISERS_ONLY });
  });

  it("names another refusal in its own words, and keeps the failure text for real failures", () => {
    expect(errorCopy(403, "Cross-origin request refused")).toEqual({
      title: "Not allowed",
      text: "Cross-origin request refused",
    });
    expect(errorCopy(403).text).toBe("You may not open this page.");
    expect(errorCopy(500).text).toMatch(/went wrong on our side/);
    expect(errorCopy(404).title).toBe("Page not found");
  });

  it("says a spent set-up link means the planner is set up, not that the page is missing", () => {
    expect(errorCopy(404, ALREADY_SET_UP)).toEqual({ title: "The planner is set up", text: ALREADY_SET_UP });
    expect(errorCopy(404, "Not Found").title).toBe("Page not found");
  });
});
