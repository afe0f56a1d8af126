import { describe, expect, it } from "vitest";
import {
  canSendReminder,
  nextReminderAt,
  parseReminderFailures,
  planReminderRetry,
  REMINDER_RETRIES,
  reminderMail,
  reminderRecipients,
} from "~/features/organiser/lib/reminders";

describe("the 24-hour limit", () => {
  const last = new Date("2025-07-01T12:00:00.000Z");
  it("allows the first reminder and the next one from 24 hours on", () => {
    expect(canSendReminder(null, new Date())).toBe(true);
    expect(canSendReminder(last, new Date("2025-07-02T11:59:59.999Z"))).toBe(false);
    expect(canSendReminder(last, new Date("2025-07-02T12:00:00.000Z"))).toBe(true);
    expect(nextReminderAt(last)?.toISOString()).toBe("2025-07-02T12:00:00.000Z");
    expect(nextReminderAt(null)).toBeNull();
  });
});

describe("sending a round's failed reminders again", () => {
  const round = new Date("2025-07-01T12:00:00.000Z");
  const failed = { round: round.toISOString(), failedTo: ["sam@example.com"], retries: 0 };

  it("goes to the failed addresses of the latest round alone, and claims them while it sends", () => {
    expect(planReminderRetry(failed, round)).toEqual({
      ok: true,
      failedTo: ["sam@example.com"],
      next: { ...failed, failedTo: [], retries: 1 },
    });
  });

  it("has nothing to send for an older round, a round without failures or one being sent again", () => {
    expect(planReminderRetry(failed, new Date("2025-07-02T12:00:00.000Z")).ok).toBe(false);
    expect(planReminderRetry(null, round).ok).toBe(false);
    expect(planReminderRetry({ ...failed, failedTo: [] }, round).ok).toBe(false);
    expect(planReminderRetry(failed, null).ok).toBe(false);
  });

  it(`stops after ${REMINDER_RETRIES} retries`, () => {
    expect(planReminderRetry({ ...failed, retries: REMINDER_RETRIES - 1 }, round).ok).toBe(true);
    expect(planReminderRetry({ ...failed, retries: REMINDER_RETRIES }, round)).toMatchObject({ ok: false });
  });

  it("reads what it stored, and nothing from a value that is not a round's failures", () => {
    expect(parseReminderFailures(JSON.stringify(failed))).toEqual(failed);
    expect(parseReminderFailures("")).toBeNull();
    expect(parseReminderFailures("not json")).toBeNull();
    expect(parseReminderFailures('{"round": 1}')).toBeNull();
  });
});

describe("reminderRecipients", () => {
  it("is every member without a submitted survey, once each", () => {
    const members = [
      { id: 1, email: "alex@example.com", name: "Alex", submitted: true },
      { id: 2, email: "zoe@example.com", name: "", submitted: false },
      { id: 3, email: "bo@example.com", name: "Bo", submitted: false },
      { id: 4, email: "BO@example.com", name: "Bo again", submitted: false },
    ];
    expect(reminderRecipients(members).map((member) => member.id)).toEqual([3, 2]);
    expect(reminderRecipients([])).toEqual([]);
    expect(reminderRecipients(members.slice(0, 1))).toEqual([]);
  });
});

describe("reminderMail", () => {
  it("names the deadline and links to /survey on the app's address, escaped in HTML", () => {
    const mail = reminderMail({
      name: "<Bo>",
      deadline: "Friday, August 1, 2025 at 6:00 PM EDT",
      appUrl: "https://sgw25.example.org/",
    });
    expect(mail.text).toContain("closes on Friday, August 1, 2025 at 6:00 PM EDT");
    expect(mail.text).toContain("https://sgw25.example.org/survey");
    expect(mail.html).toContain('href="https://sgw25.example.org/survey"');
    expect(mail.html).toContain("&#60;Bo&#62;");
    expect(mail.html).not.toContain("<Bo>");
  });

  it("greets a registrant who put line breaks and a link in their name without either", () => {
    const mail = reminderMail({
      name: "Bob\n\nClick http://evil.example/phish",
      deadline: "Friday, August 1, 2025 at 6:00 PM EDT",
      appUrl: "https://sgw25.example.org/",
    });
    expect(mail.text.startsWith("Hi there,\n")).toBe(true);
    expect(mail.text + mail.html).not.toContain("evil.example");
    const long = reminderMail({
      name: "Bob\r\nBcc: x " + "b".repeat(200),
      deadline: "soon",
      appUrl: "http://x",
    });
    expect(long.text.split("\n")[0]).toMatch(/^Hi Bob Bcc: x b+…,$/);
    expect(long.text.split("\n")[0].length).toBeLessThan(50);
  });
});
