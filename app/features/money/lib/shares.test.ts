import { describe, expect, it } from "vitest";
import { defaultWeight, parseWeight, splitByWeights, splitEqually } from "~/features/money/lib/shares";
import { random } from "../../../../tests/support/random";

const sum = (map: Map<number, number>) => [...map.values()].reduce((a, b) => a + b, 0);

describe("splitByWeights", () => {
  it("gives the cents left over to the largest remainders, ties in list order", () => {
    // 100 over three equal weights: 33.33… each, the one cent left goes to the first listed.
    expect([...splitEqually(100, [7, 3, 5]).entries()]).toEqual([
      [7, 34],
      [3, 33],
      [5, 33],
    ]);
    // 1000 over weights 1, 1, 0.5: exact parts 400, 400, 200.
    const split = splitByWeights(1000, [
      { id: 1, weight: 100 },
      { id: 2, weight: 100 },
      { id: 3, weight: 50 },
    ]);
    expect([...split.values()]).toEqual([400, 400, 200]);
    // 10 over 1, 2: 3.33 and 6.67: the larger remainder (the second) takes the cent.
    expect([
      ...splitByWeights(10, [
        { id: 1, weight: 1 },
        { id: 2, weight: 2 },
      ]).values(),
    ]).toEqual([3, 7]);
  });

  it("gives a weight of 0 nothing and refuses when nobody shares", () => {
    expect(
      splitByWeights(999, [
        { id: 1, weight: 0 },
        { id: 2, weight: 100 },
      ]).get(1),
    ).toBe(0);
    expect(() => splitByWeights(10, [{ id: 1, weight: 0 }])).toThrow("Nobody");
    expect(() => splitByWeights(10, [])).toThrow("Nobody");
  });

  it("always adds up to the total, stays within a cent of the exact part, and is deterministic (400 generated cases)", () => {
    const next = random(34);
    for (let run = 0; run < 400; run++) {
      const total = Math.floor(next() * 100_000_001); // up to 1,000,000.00
      const count = 1 + Math.floor(next() * 40);
      const people = Array.from({ length: count }, (_, index) => ({
        id: index + 1,
        weight: run % 4 === 0 ? 100 : Math.floor(next() * 1001),
      }));
      if (people.every((person) => person.weight === 0)) people[0].weight = 100;
      const split = splitByWeights(total, people);
      expect(sum(split)).toBe(total);
      const weights = people.reduce((acc, person) => acc + person.weight, 0);
      for (const person of people) {
        const exact = (total * person.weight) / weights;
        expect(Math.abs(split.get(person.id)! - exact)).toBeLessThan(1.000001);
        if (person.weight === 0) expect(split.get(person.id)).toBe(0);
      }
      expect([...splitByWeights(total, people).entries()]).toEqual([...split.entries()]);
    }
  });

  it("is exact for the largest totals and weights (no floating point)", () => {
    const people = Array.from({ length: 40 }, (_, index) => ({ id: index, weight: 1000 - index }));
    expect(sum(splitByWeights(1_000_000_000, people))).toBe(1_000_000_000);
  });
});

describe("weights", () => {
  it("reads 0 to 10 with up to two decimals", () => {
    expect(parseWeight("1")).toBe(100);
    expect(parseWeight("0.5")).toBe(50);
    expect(parseWeight("0,33")).toBe(33);
    expect(parseWeight("10")).toBe(1000);
    expect(parseWeight("10.01")).toBeNull();
    expect(parseWeight("-1")).toBeNull();
    expect(parseWeight("abc")).toBeNull();
    expect(parseWeight("0.333")).toBeNull();
  });

  it("is 1 per member, plus 1 for a boo and the edition's weight for a child", () => {
    expect(defaultWeight({ boo: false, child: false }, 50)).toBe(100);
    expect(defaultWeight({ boo: true, child: true }, 50)).toBe(250);
    expect(defaultWeight({ boo: false, child: true }, 0)).toBe(100);
  });
});
