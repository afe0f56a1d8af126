import { minorToText } from "~/platform/lib/amount";

/**
 * How a member wants to be paid (issue 57): what they typed, checked and normalised here, and the
 * links that open each provider, prefilled where its address format carries the amount. Pure: the
 * form, the money page and the reminder mail all read it.
 *
 * Which address formats were checked, and how (the `search` tool's docs and pages corpora, 2026-11-29):
 * - PayPal.me `https://paypal.me/<name>/<amount><CUR>` (12.50EUR): the amount after the name is
 *   described by independent guides (quickchart.io's payment QR codes, joingerald.com's PayPal.me
 *   guide); the currency suffix is as the issue's brief cites PayPal for it. PayPal's own help page
 *   was not in the corpus, so this one is verified second-hand. The amount goes only in a currency
 *   PayPal lists (its currency codes page, developer.paypal.com), whole for HUF, JPY and TWD.
 * - Venmo: no Venmo documentation of a web address carrying an amount was found (`?txn=pay&amount=`
 *   is used widely but documented only by its users; Venmo's own docs describe the retired API). So
 *   the link opens the profile, without the amount: `https://venmo.com/u/<user>`.
 * - Revolut: `https://revolut.me/<revtag>`, the profile link; no documented amount format.
 * - Wise: the member's own link, as given (https on wise.com), no amount.
 */

export const PAY_NOTE_MAX = 500;
export const IBAN_HOLDER_MAX = 100;
const WISE_MAX = 200;

export type PayDetails = {
  iban: string;
  ibanHolder: string;
  paypal: string;
  venmo: string;
  revolut: string;
  wise: string;
  note: string;
};

export type PayField = keyof PayDetails;
export const PAY_FIELDS: readonly PayField[] = [
  "iban",
  "ibanHolder",
  "paypal",
  "venmo",
  "revolut",
  "wise",
  "note",
];

export const EMPTY_PAY_DETAILS: PayDetails = {
  iban: "",
  ibanHolder: "",
  paypal: "",
  venmo: "",
  revolut: "",
  wise: "",
  note: "",
};

/** Whether a member gave any way to pay them. */
export const hasPayDetails = (details: PayDetails | null | undefined): details is PayDetails =>
  Boolean(details && PAY_FIELDS.some((field) => details[field] !== ""));

/** An IBAN without spaces, in capitals ("de89 3704…" → "DE893704…"). */
export const compactIban = (value: string) => value.replace(/[\s-]+/g, "").toUpperCase();

/**
 * ISO 13616: two letters, two check digits, up to 30 letters or digits (15 to 34 in all), and the
 * whole, its first four characters moved to the end and letters read as 10–35, is 1 mod 97.
 */
export function validIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of moved) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** The IBAN in groups of four, as banks print it. */
export const printIban = (iban: string) => compactIban(iban).replace(/(.{4})(?=.)/g, "$1 ");

/** A handle as typed, without a leading "@" or the provider's address in front of it. */
function bareHandle(value: string, hosts: string[]) {
  let handle = value.trim();
  for (const host of hosts) {
    const at = handle.toLowerCase().indexOf(host);
    if (at >= 0 && at <= "https://www.".length) handle = handle.slice(at + host.length);
  }
  return handle.replace(/^\/+|\/+$/g, "").replace(/^@/, "");
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

type Rule = { read: (value: string) => string; ok: (value: string) => boolean; message: string };

/** Each field: how it is normalised, what it allows, and what a refusal says. */
const RULES: Record<PayField, Rule> = {
  iban: {
    read: compactIban,
    ok: validIban,
    message: "This IBAN does not check out: copy it from your bank (e.g. DE89 3704 0044 0532 0130 00).",
  },
  ibanHolder: {
    read: (value) => value.trim().replace(/\s+/g, " "),
    ok: (value) => value.length <= IBAN_HOLDER_MAX && !/[<>]/.test(value),
    message: `The account holder is a name of at most ${IBAN_HOLDER_MAX} characters.`,
  },
  paypal: {
    read: (value) => bareHandle(value, ["paypal.me/", "paypal.com/paypalme/"]),
    ok: (value) => /^[A-Za-z0-9]{1,20}$/.test(value),
    message: "A PayPal.me name is 1 to 20 letters or digits (paypal.me/YourName).",
  },
  venmo: {
    read: (value) => bareHandle(value, ["venmo.com/u/", "venmo.com/"]),
    ok: (value) => /^[A-Za-z0-9_-]{5,30}$/.test(value),
    message: "A Venmo username is 5 to 30 letters, digits, hyphens or underscores.",
  },
  revolut: {
    read: (value) => bareHandle(value, ["revolut.me/"]).toLowerCase(),
    ok: (value) => /^[a-z0-9]{3,32}$/.test(value),
    message: "A Revolut revtag is 3 to 32 letters or digits (revolut.me/yourtag).",
  },
  wise: {
    read: (value) => value.trim(),
    ok: (value) => value.length <= WISE_MAX && (EMAIL.test(value) || wiseUrl(value) !== null),
    message:
      "For Wise, give your Wise payment link (https://wise.com/pay/…) or the e-mail of your Wise account.",
  },
  note: {
    read: (value) => value.trim(),
    ok: (value) => value.length <= PAY_NOTE_MAX,
    message: `At most ${PAY_NOTE_MAX} characters.`,
  },
};

/** A Wise link on wise.com over https, or null. */
function wiseUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    const host = url.hostname.toLowerCase();
    const wise = host === "wise.com" || host.endsWith(".wise.com");
    return url.protocol === "https:" && wise && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

export type PayDetailsRead =
  { ok: true; details: PayDetails } | { ok: false; fieldErrors: Partial<Record<PayField, string>> };

/** The posted form, checked: every field optional, an IBAN needs its holder and the other way round. */
export function readPayDetails(form: Record<string, unknown>): PayDetailsRead {
  const details = { ...EMPTY_PAY_DETAILS };
  const fieldErrors: Partial<Record<PayField, string>> = {};
  for (const field of PAY_FIELDS) {
    const raw = form[field];
    const value = RULES[field].read(typeof raw === "string" ? raw : "");
    if (value !== "" && !RULES[field].ok(value)) fieldErrors[field] = RULES[field].message;
    details[field] = value;
  }
  if (details.iban && !details.ibanHolder && !fieldErrors.ibanHolder)
    fieldErrors.ibanHolder = "Say whose account it is: the name the bank knows.";
  if (details.ibanHolder && !details.iban && !fieldErrors.iban)
    fieldErrors.iban = "Give the IBAN of this account, or clear the holder's name.";
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, details };
}

/** The currencies PayPal takes (its currency codes page): an amount in another has no PayPal.me link with it. */
const PAYPAL_CURRENCIES = new Set(
  "AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD".split(
    " ",
  ),
);
/** Currencies PayPal takes in whole units only. */
const PAYPAL_WHOLE = new Set(["HUF", "JPY", "TWD"]);

/** What is owed: minor units of the currency. */
export type Owed = { amount: number; currency: string };

/**
 * PayPal.me, prefilled with the amount and currency ("…/12.50EUR") when PayPal takes the currency
 * (and, for one it takes in whole units, the amount is whole); otherwise the bare profile.
 */
export function paypalLink(handle: string, owed?: Owed): string {
  const base = `https://paypal.me/${encodeURIComponent(handle)}`;
  if (!owed || owed.amount <= 0 || !PAYPAL_CURRENCIES.has(owed.currency)) return base;
  const text = minorToText(owed.amount, owed.currency);
  if (PAYPAL_WHOLE.has(owed.currency) && text.includes(".")) {
    if (!/\.0+$/.test(text)) return base;
    return `${base}/${text.replace(/\.0+$/, "")}${owed.currency}`;
  }
  return `${base}/${text}${owed.currency}`;
}

/** Venmo's profile: no documented address carries an amount (see the top of this file). */
export const venmoLink = (user: string) => `https://venmo.com/u/${encodeURIComponent(user)}`;

/** Revolut's profile link: no documented amount. */
export const revolutLink = (revtag: string) => `https://revolut.me/${encodeURIComponent(revtag)}`;

/** The member's own Wise link as given, or null for an e-mail address (shown as text, never a mailto). */
export const wiseLink = (wise: string): string | null => wiseUrl(wise)?.href ?? null;

/** One way to pay, as a page or a mail shows it: a label, the value, and a link where one opens it. */
export type PayWay = { label: string; value: string; href: string | null; prefilled: boolean };

/** Every way a member gave to pay them, in a fixed order, the links prefilled with `owed` where verified. */
export function payWays(details: PayDetails, owed?: Owed): PayWay[] {
  const ways: PayWay[] = [];
  if (details.paypal) {
    const href = paypalLink(details.paypal, owed);
    ways.push({
      label: "PayPal",
      value: `paypal.me/${details.paypal}`,
      href,
      prefilled: href !== paypalLink(details.paypal),
    });
  }
  if (details.venmo)
    ways.push({
      label: "Venmo",
      value: `@${details.venmo}`,
      href: venmoLink(details.venmo),
      prefilled: false,
    });
  if (details.revolut)
    ways.push({
      label: "Revolut",
      value: `@${details.revolut}`,
      href: revolutLink(details.revolut),
      prefilled: false,
    });
  if (details.wise)
    ways.push({ label: "Wise", value: details.wise, href: wiseLink(details.wise), prefilled: false });
  if (details.iban)
    ways.push({
      label: "Bank transfer",
      value: `${printIban(details.iban)}${details.ibanHolder ? ` (${details.ibanHolder})` : ""}`,
      href: null,
      prefilled: false,
    });
  return ways;
}
