import { escapeHtml, mailLine, mailName } from "~/platform/lib/mail-text";

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
}) {
  const { link } = input;
  const greeting = `Hi ${mailName(input.name)},`;
  const due = `${input.amount} of your share of ${mailLine(input.house, 120)} is due${input.date ? ` by ${input.date}` : ""}.`;
  const rest = `In the whole trip (the house, expenses and payments) you owe ${input.owed}; the money page says how much of your share has reached ${mailName(input.receiver, "the receiver")}.`;
  const how = input.instructions ? `How to pay: ${mailLine(input.instructions, 600)}` : "";
  const lines = [greeting, due, rest, how].filter(Boolean);
  return {
    subject: `${input.shortName}: ${input.amount} due${input.date ? ` by ${input.date}` : ""}`,
    text: `${lines.join("\n\n")}\n\nYour line and the instructions: ${link}\n`,
    html:
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
      `<p><a href="${escapeHtml(link)}">Your line on the money page</a></p>`,
  };
}
