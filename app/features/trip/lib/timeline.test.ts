import { describe, expect, it } from "vitest";
import { daysUntil, dueMoment, momentKey, timelineMail } from "~/features/trip/lib/timeline";

const start = new Date("2025-08-21T00:00:00Z");

describe("dueMoment", () => {
  it("is nothing before 30 days, then 30, then 7, and nothing once the weekend began", () => {
    expect(dueMoment(new Date("2025-07-21T23:59:59Z"), start)).toBeNull();
    expect(dueMoment(new Date("2025-07-22T00:00:00Z"), start)).toBe(30);
    expect(dueMoment(new Date("2025-08-13T23:00:00Z"), start)).toBe(30);
    expect(dueMoment(new Date("2025-08-14T00:00:00Z"), start)).toBe(7);
    expect(dueMoment(new Date("2025-08-20T23:59:59Z"), start)).toBe(7);
    expect(dueMoment(start, start)).toBeNull();
  });

  it("keys a moment by its weekend, so a moved weekend gets mails of its own", () => {
    expect(momentKey(7, "Aug 21 - Aug 25")).not.toBe(momentKey(7, "Aug 28 - Sep 1"));
  });
});

const facts = {
  shortName: "SGW25",
  when: "Thursday Aug 21 to Monday Aug 25, 2025",
  where: null,
  room: null,
  open: [],
  claimed: [],
  notes: [],
  tripUrl: "https://example.org/trip",
};

describe("timelineMail", () => {
  it("says when, where, the room and what is open, escaping the HTML part", () => {
    const mail = timelineMail("Sam <b>", {
      shortName: "SGW25",
      days: 7,
      daysLeft: 7,
      when: "Thursday Aug 21 to Monday Aug 25, 2025",
      where: "Lakeside Lodge",
      room: { name: "Loft", with: ["Alex"] },
      open: ["Your arrival and departure times are missing."],
      claimed: ["Speaker"],
      notes: [{ label: "Key box", value: "4321" }],
      tripUrl: "https://example.org/trip",
    });
    expect(mail.subject).toBe("SGW25 is in 7 days");
    expect(mail.text).toContain("Your room: Loft, with Alex.");
    expect(mail.text).toContain("- Your arrival and departure times are missing.");
    expect(mail.text).toContain("- Speaker");
    expect(mail.text).toContain("Key box: 4321");
    expect(mail.html).not.toContain("<b>");
    expect(mail.text).toContain("Open your trip sheet once now so your phone keeps it");
  });

  it("asks for the sheet to be opened in the 7-day mail only", () => {
    expect(timelineMail("Sam", { ...facts, days: 30, daysLeft: 30 }).text).not.toContain("trip sheet");
    expect(timelineMail("Sam", { ...facts, days: 7, daysLeft: 7 }).text).toContain("so your phone keeps it");
  });

  it("says the days truly left: a 30-day mail sent 25 days before says 25 (issue 55)", () => {
    expect(daysUntil("2025-07-27", start)).toBe(25);
    expect(daysUntil("2025-08-20", start)).toBe(1);
    const mail = timelineMail("Sam", { ...facts, days: 30, daysLeft: daysUntil("2025-07-27", start) });
    expect(mail.subject).toBe("SGW25 is in 25 days");
    expect(mail.text).toContain("SGW25 is in 25 days.");
    const eve = { ...facts, shortName: "SGW25", days: 7 as const, daysLeft: 1 };
    expect(timelineMail("Sam", eve).subject).toBe("SGW25 is in 1 day");
  });
});
