import { beforeEach, describe, expect, it } from "vitest";
import { MAIL_BATCH, sendMailRound } from "~/platform/services/mail.server";
import { useFakeMail } from "../../../tests/support/mail";

const fake = useFakeMail({ MAIL_TIMEOUT_MS: "1000" });
const mails = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    to: `to${index}@example.com`,
    subject: "Round",
    text: "Hello",
    html: "<p>Hello</p>",
  }));

beforeEach(() => {
  fake.mails.length = 0;
  fake.attempts.length = 0;
  fake.hanging.clear();
  fake.resetPeak();
});

describe("sendMailRound", () => {
  it(`sends ${MAIL_BATCH} at a time and reports a mail the API never answers as failed`, async () => {
    fake.hanging.add("to3@example.com");
    const round = await sendMailRound(mails(25));
    expect(round.failed).toEqual(["to3@example.com"]);
    expect(round.sent).toHaveLength(24);
    expect(fake.peak).toBeLessThanOrEqual(MAIL_BATCH);
  });

  it("starts no batch after its end and counts the mails left as failed", async () => {
    const round = await sendMailRound(mails(3), { until: Date.now() - 1 });
    expect(round).toEqual({ sent: [], failed: ["to0@example.com", "to1@example.com", "to2@example.com"] });
    expect(fake.attempts).toHaveLength(0);
  });
});
