/* eslint-disable no-script-url -- the tests feed script URLs on purpose, to show they never become links */
import { describe, expect, it } from "vitest";
import { formatPlainText, inlines, normalisePlainText } from "~/platform/lib/plain-text";

describe("formatPlainText", () => {
  it("splits paragraphs on blank lines and keeps single line breaks as lines", () => {
    expect(formatPlainText("One\ntwo\n\n  \nThree\r\n\r\nFour")).toEqual([
      { kind: "paragraph", lines: [[{ text: "One" }], [{ text: "two" }]] },
      { kind: "paragraph", lines: [[{ text: "Three" }]] },
      { kind: "paragraph", lines: [[{ text: "Four" }]] },
    ]);
    expect(formatPlainText("  \n\n ")).toEqual([]);
  });

  it("makes a run of '- ' lines a list, also right after a paragraph's line", () => {
    expect(formatPlainText("- a\n- b\n\n- c\nd")).toEqual([
      { kind: "list", items: [[{ text: "a" }], [{ text: "b" }]] },
      { kind: "list", items: [[{ text: "c" }]] },
      { kind: "paragraph", lines: [[{ text: "d" }]] },
    ]);
    expect(formatPlainText("Bring:\n- towels\n* a torch\nThanks!")).toEqual([
      { kind: "paragraph", lines: [[{ text: "Bring:" }]] },
      { kind: "list", items: [[{ text: "towels" }], [{ text: "a torch" }]] },
      { kind: "paragraph", lines: [[{ text: "Thanks!" }]] },
    ]);
  });

  it("links bare http(s) addresses, leaving a sentence's full stop outside", () => {
    expect(inlines("See https://example.org/a?b=1. Or http://x.test")).toEqual([
      { text: "See " },
      { text: "https://example.org/a?b=1", href: "https://example.org/a?b=1" },
      { text: ". Or " },
      { text: "http://x.test", href: "http://x.test/" },
    ]);
  });

  it("never links javascript:, data: or other schemes", () => {
    const links = (text: string) =>
      formatPlainText(text).flatMap((block) =>
        (block.kind === "list" ? block.items : block.lines).flat().filter((part) => part.href),
      );
    for (const text of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      "mailto:a@b.c ftp://x.org",
      "https://javascript:alert(1)",
    ]) {
      expect(links(text)).toEqual([]);
    }
    expect(inlines("javascript:alert(1)")).toEqual([{ text: "javascript:alert(1)" }]);
  });

  it("keeps HTML as text (the page renders it escaped)", () => {
    expect(formatPlainText('<b>hi</b> <a href="javascript:x">y</a>')).toEqual([
      { kind: "paragraph", lines: [[{ text: '<b>hi</b> <a href="javascript:x">y</a>' }]] },
    ]);
  });

  it("normalises line ends and trims for storage", () => {
    expect(normalisePlainText("  a\r\nb\r\n\r\n ")).toBe("a\nb");
  });
});
