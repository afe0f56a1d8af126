import { describe, expect, it } from "vitest";
import { parseExpense, type ExpenseFormValues } from "~/features/money/lib/expense-form";
import { expensePeople } from "~/features/money/lib/money";

const people = new Map([
  [1, { weight: 100 }],
  [2, { weight: 200 }],
  [3, { weight: 50 }],
]);
const base: ExpenseFormValues = {
  description: "Groceries",
  amount: "100",
  currency: "usd",
  paidBy: "1",
  split: "equal",
  sharers: ["1", "2", "3"],
  exact: {},
};

describe("parseExpense", () => {
  it("splits equally, by weights or by exact amounts that add up", () => {
    const equal = parseExpense(base, { people });
    expect(equal.ok && [...equal.expense.shares.values()]).toEqual([3334, 3333, 3333]);
    const weights = parseExpense({ ...base, amount: "35", split: "weights" }, { people });
    expect(weights.ok && [...weights.expense.shares.values()]).toEqual([1000, 2000, 500]);
    const exact = parseExpense(
      { ...base, split: "exact", exact: { "1": "50", "2": "25.5", "3": "24.50" } },
      { people },
    );
    expect(exact.ok && [...exact.expense.shares.values()]).toEqual([5000, 2550, 2450]);
  });

  it("refuses a split that does not add up, nobody sharing, someone not on the trip, a bad amount", () => {
    const refused = (values: Partial<ExpenseFormValues>) => {
      const result = parseExpense({ ...base, ...values }, { people });
      return result.ok ? null : result.fieldErrors;
    };
    expect(refused({ split: "exact", exact: { "1": "50", "2": "25", "3": "24" } })).toEqual({
      split: "The exact amounts must add up to the expense's amount",
    });
    expect(refused({ sharers: [] })).toHaveProperty("share");
    expect(refused({ sharers: ["1", "9"] })).toHaveProperty("share");
    expect(refused({ paidBy: "9" })).toHaveProperty("paidBy");
    expect(refused({ amount: "12,34" })?.amount).toMatch(/Write the amount/);
    expect(refused({ currency: "dollars" })).toHaveProperty("currency");
    expect(refused({ description: " " })).toHaveProperty("description");
    expect(refused({ description: "x".repeat(201) })).toHaveProperty("description");
    expect(refused({ split: "odd" })).toHaveProperty("split");
  });

  it("gives the same shares whatever order the form lists the sharers in (the payers' order)", () => {
    const shares = (sharers: string[]) => {
      const result = parseExpense({ ...base, amount: "1.00", sharers }, { people });
      return result.ok ? Object.fromEntries(result.expense.shares) : null;
    };
    expect(shares(["1", "2", "3"])).toEqual({ 1: 34, 2: 33, 3: 33 });
    expect(shares(["3", "2", "1"])).toEqual({ 1: 34, 2: 33, 3: 33 });
    expect(shares(["2", "3", "1"])).toEqual(shares(["1", "3", "2"]));
  });
});

describe("expensePeople", () => {
  it("lists the payers and the receiver by name, then id, with the weights a split by weights uses", () => {
    const names = new Map([
      [5, "zoe"],
      [2, "Alex"],
      [9, "alex"],
      [4, "Mo"],
    ]);
    const people = expensePeople(
      {
        payers: [
          { id: 5, name: "zoe", weight: 150, defaultWeight: 100, share: 0, former: false },
          { id: 9, name: "alex", weight: 100, defaultWeight: 100, share: 0, former: false },
          { id: 2, name: "Alex", weight: 50, defaultWeight: 100, share: 0, former: false },
        ],
        people: new Set([5, 9, 2, 4]),
      },
      (id) => names.get(id) ?? "",
    );
    expect([...people]).toEqual([
      [2, { weight: 50 }],
      [9, { weight: 100 }],
      [4, { weight: 100 }],
      [5, { weight: 150 }],
    ]);
  });
});
