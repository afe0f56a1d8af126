import { describe, expect, it } from "vitest";
import { backToList, matchesSearch, memberPage } from "~/features/organiser/lib/member-list";

const member = (i: number, submitted: boolean) => ({
  id: i,
  name: `Member ${i}`,
  email: `m${String(i).padStart(3, "0")}@example.com`,
  submitted,
});

describe("the members' list, a page at a time", () => {
  // 130 members, every third without a submitted survey, in the model's order (by address).
  const members = Array.from({ length: 130 }, (_, i) => member(i, i % 3 !== 0));

  it("counts everyone on every page, submitted first and every member on exactly one page", () => {
    const pages = [1, 2, 3].map((page) => memberPage(members, "", page));
    for (const page of pages) {
      expect(page.counts).toEqual({ submitted: 86, waiting: 44 });
      expect(page.found).toEqual({ submitted: 86, waiting: 44 });
      expect(page.pages).toBe(3);
    }
    const rows = pages.flatMap((page) => page.rows);
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(members.map((row) => row.id));
    expect(rows.slice(0, 86).every((row) => row.submitted)).toBe(true);
    expect(pages[1].rows.filter((row) => !row.submitted)).toHaveLength(14);
  });

  it("searches the name and the address in any case, on every page, the counts still everyone's", () => {
    expect(matchesSearch({ name: "Sam Lee", email: "sam@x.org" }, "  lEe ")).toBe(true);
    expect(matchesSearch({ name: "Sam Lee", email: "sam@x.org" }, "X.ORG")).toBe(true);
    expect(matchesSearch({ name: "Sam Lee", email: "sam@x.org" }, "riley")).toBe(false);
    const found = memberPage(members, "m1", 1, 20);
    // "m1" is in m100-m129's addresses (and in no name): 30 members over two pages of 20.
    const expected = members.filter((row) => row.email.includes("m1"));
    expect(expected).toHaveLength(30);
    expect(found.total).toBe(30);
    expect(found.pages).toBe(Math.ceil(expected.length / 20));
    expect(found.counts).toEqual({ submitted: 86, waiting: 44 });
    expect(found.found.submitted + found.found.waiting).toBe(expected.length);
    expect(memberPage(members, "nobody", 1).rows).toEqual([]);
  });
});

describe("the way back from a step to the list's page", () => {
  it("keeps the page and the search of the list, and nothing else", () => {
    expect(backToList("/organiser/people", "/organiser/people?q=sam&page=2")).toBe(
      "/organiser/people?q=sam&page=2",
    );
    expect(backToList("/organiser/people", "/organiser/people?page=3&x=1")).toBe("/organiser/people?page=3");
    expect(backToList("/organiser/people", "/organiser/people")).toBe("/organiser/people");
  });

  it("refuses any other address: another page, another site, or not a string", () => {
    for (const bad of [
      "https://evil.example/organiser/people?page=2",
      "//evil.example/organiser/people?page=2",
      "/organiser/peoplex?page=2",
      "/organiser/houses?page=2",
      "/organiser/people/../x?page=2",
      null,
      undefined,
      42,
    ])
      expect(backToList("/organiser/people", bad), String(bad)).toBe("/organiser/people");
  });
});
