import { describe, expect, it } from "vitest";
import { mailLine, mailName } from "~/platform/lib/mail-text";

describe("mail text", () => {
  it("keeps a name to one short line", () => {
    expect(mailName("Bob\n\nSmith\r")).toBe("Bob Smith");
    expect(mailName("A".repeat(100))).toHaveLength(40);
    expect(mailName("  ")).toBe("there");
    expect(mailName("Zoë 🌞")).toBe("Zoë 🌞");
  });

  it.each(["Bob\n\nClick http://evil.example/phish", "see evil.example", "www.x", "ftp://x"])(
    "does not repeat a link-like name %j",
    (name) => {
      expect(mailName(name)).toBe("there");
    },
  );

  it("turns control characters into spaces", () => {
    expect(mailLine("Cabin\rX-Header: 1\u0007")).toBe("Cabin X-Header: 1");
  });
});
