import { readPayDetails } from "~/features/money/lib/pay-links";
import { savePayDetails } from "~/features/money/models/pay-details.server";

export type PayDetailsResult = { ok: string } | { error: string; fieldErrors: Record<string, string> };

/** /account's "How to pay me": checked (lib/pay-links), then saved; an empty form clears them. */
export async function savePayDetailsForm(
  userId: number,
  form: Record<string, unknown>,
): Promise<PayDetailsResult> {
  const read = readPayDetails(form);
  if (!read.ok) {
    return {
      error: "Some payment details need another look.",
      fieldErrors: read.fieldErrors as Record<string, string>,
    };
  }
  await savePayDetails(userId, read.details);
  const given = Object.values(read.details).some(Boolean);
  return { ok: given ? "Your payment details are saved." : "Your payment details are cleared." };
}
