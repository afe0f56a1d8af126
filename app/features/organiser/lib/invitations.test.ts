import { describe, expect, it } from "vitest";
import { parseInviteList, registerLink } from "~/features/organiser/lib/invitations";

describe("parseInviteList", () => {
  it("reads a pasted list in any common shape, each address once", () => {
    expect(parseInviteList("Ana <ana@example.com>, bo@Example.com;\nbo@example.com  cy@x.org")).toEqual({
      emails: ["ana@example.com", "bo@example.com", "cy@x.org"],
      invalid: [],
      names: { "ana@example.com": "Ana" },
    });
    expect(parseInviteList("nope@, @bad, ok@ok.io").invalid).toEqual(["nope@", "@bad"]);
  });

  it("keeps the name of 'Name <address>' and names an entry that is not an address", () => {
    const parsed = parseInviteList('Pat Newby <Pat@Example.com>\nQuinn\n"Ro Lee" <ro@example.com>');
    expect(parsed.emails).toEqual(["pat@example.com", "ro@example.com"]);
    expect(parsed.names).toEqual({ "pat@example.com": "Pat Newby", "ro@example.com": "Ro Lee" });
    expect(parsed.invalid).toEqual(["Quinn"]);
  });

  it("links to the register form with the address filled in", () => {
    expect(registerLink("https://sgw.example/", "a+b@example.com")).toBe(
      "https://sgw.example/auth?mode=register&email=a%2Bb%40example.com",
    );
  });

  it("carries the list's name to the register form, one line and at most the name limit", () => {
    expect(registerLink("https://sgw.example", "pat@example.com", "Pat  Newby")).toBe(
      "https://sgw.example/auth?mode=register&email=pat%40example.com&name=Pat+Newby",
    );
    const long = new URL(registerLink("https://sgw.example", "a@example.com", `${"x".repeat(120)}\n<b>`));
    expect(long.searchParams.get("name")).toBe("x".repeat(100));
    expect(registerLink("https://sgw.example", "a@example.com", "  ")).not.toContain("name=");
  });
});
