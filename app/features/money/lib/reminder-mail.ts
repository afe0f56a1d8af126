import { escapeHtml, mailLine, mailName } from "~/platform/lib/mail-text";
import type { PayWay } from "~/features/money/lib/pay-links";

/**
 * The payment reminder: each payer gets their own amount and date, nobody else's. It asks only for
 * what the trip's balances say they owe (decision 027), so a payer settled up gets none.
 */
export function paymentReminderMail(input: {
  name: string;
  shortName: string;
  house: string;
  amount: string;
  date: string | null;
  /** What the trip's balances say they owe in the house's currency. */
  owed: string;
  receiver: string;
  instructions: string;
  /** The payer's own link to /money (a personal link: one press signs them in). */
  link: string;
  /**
   * How the receiver asked to be paid, the links prefilled with this payer's amount (issue 57): only
   * in the mail to the one who owes, never in the organiser's preview.
   */
  payTo?: { ways: PayWay[]; note: string } | null;
}) {
  const { link } = input;
  const greeting = `Hi ${mailName(input.name)},`;
  const due = `${input.amount} of your share of ${mailLine(input.house, 120)} is due${input.date ? ` by ${input.date}` : ""}.`;
  const rest = `In the whole trip (the house, expenses and payments) you owe ${input.owed}; the money page says how much of your share has reached ${mailName(input.receiver, "the receiver")}.`;
  const how = input.instructions ? `How to pay: ${mailLine(input.instructions, 600)}` : "";
  const receiver = mailName(input.receiver, "the receiver");
  const ways = input.payTo?.ways ?? [];
  const payNote = input.payTo?.note ? `${receiver} adds: ${mailLine(input.payTo.note, 500)}` : "";
  const payText = ways.length
    ? `How ${receiver} asked to be paid:\n${ways.map((way) => `- ${way.label}: ${way.value}${way.href ? ` ${way.href}` : ""}`).join("\n")}`
    : "";
  const lines = [greeting, due, rest, how].filter(Boolean);
  const payHtml = ways.length
    ? `<p>How ${escapeHtml(receiver)} asked to be paid:</p><ul>${ways
        .map(
          (way) =>
            `<li>${escapeHtml(way.label)}: ${
              way.href
                ? `<a href="${escapeHtml(way.href)}">${escapeHtml(way.value)}</a>`
                : escapeHtml(way.value)
            }</li>`,
        )
        .join("")}</ul>`
    : "";
  return {
    subject: `${input.shortName}: ${input.amount} due${input.date ? ` by ${input.date}` : ""}`,
    text: `${[...lines, payText, payNote].filter(Boolean).join("\n\n")}\n\nYour line and the instructions: ${link}\n`,
    html:
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
      payHtml +
      (payNote ? `<p>${escapeHtml(payNote)}</p>` : "") +
      `<p><a href="${escapeHtml(link)}">Your line on the money page</a></p>`,
  };
}
