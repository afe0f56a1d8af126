import { describe, expect, it } from "vitest";
import { announcementMail, decisionKey, type Decision } from "~/features/season/lib/announcement";

const decision: Decision = {
  year: 2025,
  weekend: "Aug 28 - Sep 1",
  when: "Thursday Aug 28 to Monday Sep 1, 2025",
  where: "Lake <House>, Muskoka, ON",
  listing: "https://www.airbnb.com/rooms/42?a=1&b=2",
};
const mail = (input: Decision) =>
  announcementMail({ shortName: "SGW25", decision: input, change: false, appUrl: "https://sgw.example" });

describe("the announcement mail", () => {
  it("links the listing in the HTML part and gives its address in the text part", () => {
    const { text, html } = mail(decision);
    expect(text).toContain("Listing: https://www.airbnb.com/rooms/42?a=1&b=2");
    expect(html).toContain(
      '<a href="https://www.airbnb.com/rooms/42?a=1&#38;b=2">https://www.airbnb.com/rooms/42?a=1&#38;b=2</a>',
    );
    expect(html).toContain("Lake &#60;House&#62;");
    expect(text).not.toContain("Price:");
  });

  it("names the price per person once the house has one, without making it a new decision", () => {
    const priced = { ...decision, price: "$850 for the stay, about $85 each for 8–12" };
    const { text, html } = mail(priced);
    expect(text).toContain("Price: $850 for the stay, about $85 each for 8–12");
    expect(html).toContain("<strong>Price:</strong> $850 for the stay, about $85 each for 8–12");
    expect(decisionKey(priced)).toBe(decisionKey(decision));
  });

  it("never links an address that is not http(s)", () => {
    const { html } = mail({ ...decision, listing: ["javascript", "alert(1)"].join(":") });
    expect(html).not.toContain('<a href="javascript');
  });
});
