import { env } from "~/platform/env.server";
import { formatDeadline } from "~/platform/lib/deadline";
import { sendMailRound } from "~/platform/services/mail.server";
import { personalLinkFor } from "~/features/accounts/index.server";
import { REMINDER_INTERVAL_MS } from "~/features/season/lib/event-settings";
import { formatMoney } from "~/platform/lib/amount";
import { paymentReminderMail } from "~/features/money/lib/reminder-mail";
import { claimMoneyReminder, setMoneyReminderFailures } from "~/features/money/models/money-writes.server";
import { nameOf, type LoadedMoney } from "~/features/money/services/money-access.server";

/** Every payer with something due (not the receiver, who fronted the house), with their own amount. */
function reminderRecipients(loaded: LoadedMoney) {
  const { money, members, house } = loaded;
  const currency = house?.currency ?? "USD";
  return money.payers.flatMap((payer) => {
    const line = money.lines.get(payer.id);
    const member = members.find((m) => m.id === payer.id);
    if (!line?.next || !member) return [];
    return [
      {
        id: payer.id,
        name: payer.name,
        email: member.email,
        amount: formatMoney(line.next.amount, currency),
        date: line.next.date,
        remaining: formatMoney(line.remaining, currency),
      },
    ];
  });
}

/** What /money/setup shows before the click: the recipients, the last round, whether one may go now. */
export async function getPaymentReminder(loaded: LoadedMoney, now = new Date()) {
  const recipients = reminderRecipients(loaded);
  const { lastReminderAt, reminderFailed } = loaded.settings;
  const zone = env().eventTimeZone;
  const next = lastReminderAt ? new Date(lastReminderAt.getTime() + REMINDER_INTERVAL_MS) : null;
  const blocked = loaded.money.missing
    ? loaded.money.missing
    : loaded.settings.receiverId === null
      ? "Choose who receives the money first: the reminder names them."
      : recipients.length === 0
        ? "Nobody has anything due."
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
  const receiver = nameOf(loaded.names, loaded.settings.receiverId);
  const mails = await Promise.all(
    reminderRecipients(loaded).map(async (payer) => ({
      to: payer.email,
      ...paymentReminderMail({
        ...payer,
        shortName: loaded.edition.names.current,
        house: loaded.house?.title ?? "the house",
        receiver,
        instructions: loaded.settings.instructions,
        // Each payer's own personal link: one press signs them in on /money (decision 018).
        link: await personalLinkFor({ id: payer.id }, "/money"),
      }),
    })),
  );
  const { sent, failed } = await sendMailRound(mails);
  await setMoneyReminderFailures(loaded.edition, failed.length);
  return { ok: true, sent: sent.length, failed: failed.length };
}
