import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { FIXTURE } from "~/features/results/lib/headcount.fixture";
import { headcount, headcountCsv } from "~/features/results/lib/headcount";

describe("headcount", () => {
  it("matches the hand count", () => {
    const count = headcount(FIXTURE);
    // Members: yes Ana, Bo, Cy = 3; maybe Di, Ed: 5 in all. Boo: Ana (yes), Di (maybe). Child: Ana.
    expect(count.members).toEqual({ yes: 3, all: 5 });
    expect(count.boo).toEqual({ yes: 1, all: 2 });
    expect(count.child).toEqual({ yes: 1, all: 1 });
    // People: Ana 3 + Bo 1 + Cy 1 = 5; + Di 2 + Ed 1 = 8.
    expect(count.people).toEqual({ yes: 5, all: 8 });
    // Rooms: Ana's family 1, Cy alone 1, Bo shares: ceil(1/2) = 1 -> 3; Di's couple 1, Bo + Ed pair 1 -> 4.
    expect(count.bedrooms).toEqual({ yes: 3, all: 4 });
    expect(count.sharing).toEqual(["Ana", "Bo", "Ed"]);
    // Ed is a maybe: not among the sure sharers.
    expect(count.sharingSure).toEqual(["Ana", "Bo"]);
    expect(count.sober).toEqual({ yes: { yes: 2, all: 2 }, no: { yes: 1, all: 2 } });
    // Self: m Ana, Bo; s Cy; l Di; 2xl Ed. Boo: l Ana, l Di (Bo's xl has no boo). Child: xs Ana (Di's s has no child).
    expect(count.shirts.self.m).toEqual({ yes: 2, all: 2 });
    expect(count.shirts.self.s).toEqual({ yes: 1, all: 1 });
    expect(count.shirts.self.l).toEqual({ yes: 0, all: 1 });
    expect(count.shirts.self["2xl"]).toEqual({ yes: 0, all: 1 });
    expect(count.shirts.boo.l).toEqual({ yes: 1, all: 2 });
    expect(count.shirts.boo.xl).toEqual({ yes: 0, all: 0 });
    expect(count.shirts.child.xs).toEqual({ yes: 1, all: 1 });
    expect(count.shirts.child.s).toEqual({ yes: 0, all: 0 });
  });

  it("writes the same numbers as a CSV", () => {
    const rows = parse(headcountCsv(headcount(FIXTURE))) as string[][];
    expect(rows[0]).toEqual(["What", "Yes", "Yes + maybe"]);
    expect(rows).toContainEqual(["People (beds needed)", "5", "8"]);
    expect(rows).toContainEqual(["Shirts, boo, l", "1", "2"]);
    expect(rows.at(-1)).toEqual(["Will share a room", "Ana; Bo", "Ana; Bo; Ed"]);
  });
});
