import { redirect } from "@remix-run/node";
import { setFlash } from "~/platform/services/flash.server";
import { refuse } from "~/platform/services/refuse.server";
import { formatMoney, readCurrency } from "~/platform/lib/amount";
import { expensePeople } from "~/features/money/lib/money";
import { splitByWeights } from "~/features/money/lib/shares";
import { addExpense } from "~/features/money/models/money-writes.server";
import { nameOf, type LoadedMoney } from "~/features/money/services/money-access.server";

const KEY = /^[0-9a-f-]{36}$/i;

/**
 * How what a former member owes in `currency` is written off (decision 031): the group carries it,
 * split by the payers' weights over the members who pay the house, as one expense "paid" by the
 * former member. Null when there is nothing to write off or nobody to carry it.
 */
export function writeOffOf(loaded: LoadedMoney, formerId: number, currency: string) {
  const { money } = loaded;
  // What settle-up says they owe: with the organiser's rates, every rated currency in the house's one.
  const owes = -(money.settleBalances.get(currency)?.get(formerId) ?? 0);
  if (!money.former.has(formerId) || owes <= 0) return null;
  const carriers = [...expensePeople(money, (id) => nameOf(loaded.names, id))]
    .filter(([id, { weight }]) => money.payers.some((payer) => payer.id === id) && weight > 0)
    .map(([id, { weight }]) => ({ id, weight }));
  if (carriers.length === 0) return null;
  return { owes, shares: splitByWeights(owes, carriers) };
}

/**
 * "Write off": an organiser ends a former member's debt in one currency. The first post answers with
 * each member's part and a box to tick (nothing changes yet); the ticked one adds the expense, with its
 * history line. What is owed *to* a former member is recorded as paid once it is (settle-up), never
 * written off here.
 */
export async function writeOff(loaded: LoadedMoney, form: Record<string, string | string[]>) {
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  if (!loaded.role.organiser)
    return refuse({ form: "settle", error: "Only an organiser writes off a balance." }, { status: 403 });
  const id = Number(text("member"));
  const currency = readCurrency(text("currency"));
  const plan = currency ? writeOffOf(loaded, id, currency) : null;
  if (!currency || !plan || !KEY.test(text("key"))) {
    return refuse({ form: "settle", error: "There is nothing to write off there. Reload the page." });
  }
  const name = (who: number | null) => nameOf(loaded.names, who);
  const parts = [...plan.shares]
    .filter(([, amount]) => amount > 0)
    .map(([who, amount]) => `${name(who)} ${formatMoney(amount, currency)}`)
    .join(", ");
  const owed = formatMoney(plan.owes, currency);
  if (text("confirm") !== "yes") {
    const error = `Write off the ${owed} ${name(id)} owes? The payers carry it by their weights: ${parts}. Tick “Yes, write it off” to confirm.`;
    return refuse({
      form: "settle",
      error,
      fieldErrors: { confirm: error },
      values: { intent: "write-off", member: String(id), currency, key: text("key") },
    });
  }
  const description = `Written off: what ${name(id)} owed`;
  await addExpense(
    loaded.edition,
    { id: loaded.me.id, name: loaded.me.name },
    text("key"),
    { description, amount: plan.owes, currency, paidBy: id, split: "weights", shares: plan.shares },
    new Map(),
    { action: "Balance written off", subject: "Expense", newValue: `${description}, ${owed}: ${parts}` },
  );
  return redirect("/money", {
    headers: { "Set-Cookie": await setFlash({ message: `Written off: ${owed} ${name(id)} owed.` }) },
  });
}
