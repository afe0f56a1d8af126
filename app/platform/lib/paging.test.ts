import { describe, expect, it } from "vitest";
import { pageHref, pageOf, pageParam } from "~/platform/lib/paging";

describe("paging a long list", () => {
  const items = Array.from({ length: 120 }, (_, i) => i);

  it("reads the page number from the address; anything else is page 1", () => {
    expect(pageParam(null)).toBe(1);
    expect(pageParam("")).toBe(1);
    expect(pageParam("3")).toBe(3);
    for (const bad of ["0x2", "-1", "2.5", "abc", "1e3", "9999999"]) expect(pageParam(bad), bad).toBe(1);
    expect(pageParam("0")).toBe(1);
  });

  it("cuts pages of the given size, the last one short, and every row on exactly one page", () => {
    const pages = [1, 2, 3].map((page) => pageOf(items, page, 50));
    expect(pages.map((page) => page.rows.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap((page) => page.rows)).toEqual(items);
    expect(pages.every((page) => page.pages === 3 && page.total === 120)).toBe(true);
  });

  it("shows the last page for a number past the end, and one empty page for an empty list", () => {
    expect(pageOf(items, 9, 50)).toMatchObject({ page: 3, pages: 3, rows: items.slice(100) });
    expect(pageOf([], 4, 50)).toEqual({ rows: [], page: 1, pages: 1, total: 0 });
    expect(pageOf(items.slice(0, 50), 2, 50)).toMatchObject({ page: 1, pages: 1 });
  });

  it("links another page with the rest of the query kept, page 1 without a number", () => {
    expect(pageHref("/organiser/people", { q: "sam lee" }, 2)).toBe("/organiser/people?q=sam+lee&page=2");
    expect(pageHref("/organiser/people", { q: "" }, 2)).toBe("/organiser/people?page=2");
    expect(pageHref("/organiser/people", { q: "a&b" }, 1)).toBe("/organiser/people?q=a%26b");
    expect(pageHref("/organiser/people", { q: "" }, 1)).toBe("/organiser/people");
  });
});
