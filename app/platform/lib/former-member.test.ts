import { describe, expect, it } from "vitest";
import { FORMER_MEMBER, formerMemberNames } from "~/platform/lib/former-member";

describe("formerMemberNames", () => {
  it("names one former member plainly and numbers several in leaving order", () => {
    expect(formerMemberNames([])).toEqual(new Map());
    expect(formerMemberNames([7])).toEqual(new Map([[7, FORMER_MEMBER]]));
    expect(formerMemberNames([9, 3, 12])).toEqual(
      new Map([
        [9, "A former member (1)"],
        [3, "A former member (2)"],
        [12, "A former member (3)"],
      ]),
    );
  });

  it("keeps each number when another member leaves later", () => {
    const before = formerMemberNames([9, 3]);
    const after = formerMemberNames([9, 3, 1]);
    for (const [id, name] of before) expect(after.get(id)).toBe(name);
    expect(new Set(after.values()).size).toBe(after.size);
  });
});
