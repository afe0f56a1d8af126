import { env } from "~/platform/env.server";
import { formatDeadline } from "~/platform/lib/deadline";
import { sendMailRound } from "~/platform/services/mail.server";
import { personalLinkFor } from "~/features/accounts/index.server";
import { REMINDER_INTERVAL_MS } from "~/features/season/lib/event-settings";
import { getSeasonState } from "~/features/season/index.server";
import { formatMoney } from "~/platform/lib/amount";
import { formatDay } from "~/platform/lib/calendar-day";
import { paymentReminderMail } from "~/features/money/lib/reminder-mail";
import { claimMoneyReminder, setMoneyReminderFailures } from "~/features/money/models/money-writes.server";
import { nameOf, type LoadedMoney } from "~/features/money/services/money-access.server";
import { payWays, type PayDetails } from "~/features/money/lib/pay-links";
import { payDetailsOf } from "~/features/money/models/pay-details.server";

/**
 * Every payer with something due (not the receiver, who fronted the house), with their own amount:
 * what their line says is due next, never more than the balances say they owe (decision 027).
 */
function reminderRecipients(loaded: LoadedMoney) {
  const { money, members, house } = loaded;
  const currency = house?.currency ?? "USD";
  return money.payers.flatMap((payer) => {
    const line = money.lines.get(payer.id);
    const member = members.find((m) => m.id === payer.id);
    // A former member keeps their share but gets no mail: their address receives none (decision 031).
    if (!line?.next || !member || payer.former) return [];
    return [
      {
        id: payer.id,
        name: payer.name,
        email: member.email,
        amount: formatMoney(line.next.amount, currency),
        owes: { amount: line.next.amount, currency },
        date: line.next.date ? formatDay(line.next.date) : null,
        owed: formatMoney(line.owed, currency),
      },
    ];
  });
}

type Recipient = ReturnType<typeof reminderRecipients>[number];

/**
 * One payer's reminder as it reads, with their own personal link (or a placeholder for the preview),
 * and how the receiver asked to be paid, prefilled with this payer's amount (never in the preview).
 */
function reminderFor(loaded: LoadedMoney, payer: Recipient, link: string, receiverPay?: PayDetails) {
  return paymentReminderMail({
    payTo:
      receiverPay && payer.id !== loaded.settings.receiverId
        ? { ways: payWays(receiverPay, payer.owes), note: receiverPay.note }
        : null,
    ...payer,
    shortName: loaded.edition.names.current,
    house: loaded.house?.title ?? "the house",
    receiver: nameOf(loaded.names, loaded.settings.receiverId),
    instructions: loaded.settings.instructions,
    link,
  });
}

/**
 * The confirmation step's view of the round: each recipient with their own amount, and the first
 * one's mail as it will read (each mail differs only in its name, amounts and link).
 */
export function getPaymentReminderPreview(loaded: LoadedMoney) {
  const recipients = reminderRecipients(loaded);
  if (recipients.length === 0) return null;
  const { subject, text } = reminderFor(loaded, recipients[0], `${env().appUrl}/continue/…`);
  return {
    entries: recipients.map(
      (payer) => `${payer.name} <${payer.email}>: ${payer.amount}${payer.date ? ` by ${payer.date}` : ""}`,
    ),
    preview: { subject, text },
  };
}

const NOT_DECIDED =
  "The season is not decided yet: the payment reminder goes once the weekend and the house are chosen.";

/** What /money/setup shows before the click: the recipients, the last round, whether one may go now. */
export async function getPaymentReminder(loaded: LoadedMoney, now = new Date()) {
  const recipients = reminderRecipients(loaded);
  // The season's one state says whether there is a trip to pay for (decision 024), not the fields.
  const season = await getSeasonState(now);
  const { lastReminderAt, reminderFailed } = loaded.settings;
  const zone = env().eventTimeZone;
  const next = lastReminderAt ? new Date(lastReminderAt.getTime() + REMINDER_INTERVAL_MS) : null;
  const blocked = !season.decided
    ? NOT_DECIDED
    : loaded.money.missing
      ? loaded.money.missing
      : loaded.settings.receiverId === null
        ? "Choose who receives the money first: the reminder names them."
        : recipients.length === 0
          ? "Nobody has anything due: the balances say every payer is settled up."
          : null;
  return {
    recipients: recipients.map(({ id, name, email, amount, date }) => ({ id, name, email, amount, date })),
    lastSent: lastReminderAt ? formatDeadline(lastReminderAt, zone) : null,
    failed: reminderFailed,
    canSend: blocked === null && (!next || now >= next || reminderFailed > 0),
    nextPossible: next && now < next && reminderFailed === 0 ? formatDeadline(next, zone) : null,
    blocked,
  };
}

export type PaymentReminderOutcome =
  { ok: true; sent: number; failed: number } | { ok: false; error: string };

/**
 * Mails each payer with something due their own amount and date: one round per 24 hours (claimed in
 * the database, so two clicks send one), unless the last round had failures.
 */
export async function sendPaymentReminder(
  loaded: LoadedMoney,
  now = new Date(),
): Promise<PaymentReminderOutcome> {
  const status = await getPaymentReminder(loaded, now);
  if (status.blocked) return { ok: false, error: status.blocked };
  if (!(await claimMoneyReminder(loaded.edition, now, REMINDER_INTERVAL_MS))) {
    return { ok: false, error: "A payment reminder already went out in the last 24 hours." };
  }
  const receiverId = loaded.settings.receiverId;
  const receiverPay = receiverId === null ? undefined : (await payDetailsOf([receiverId])).get(receiverId);
  const mails = await Promise.all(
    reminderRecipients(loaded).map(async (payer) => ({
      to: payer.email,
      // Each payer's own personal link: one press signs them in on /money (decision 018); the
      // receiver's payment details go only to those who owe them, each with their own amount.
      ...reminderFor(loaded, payer, await personalLinkFor({ id: payer.id }, "/money"), receiverPay),
    })),
  );
  const { sent, failed } = await sendMailRound(mails);
  await setMoneyReminderFailures(loaded.edition, failed.length);
  return { ok: true, sent: sent.length, failed: failed.length };
}
