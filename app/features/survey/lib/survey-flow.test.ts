import { describe, expect, it } from "vitest";
import {
  nextFromReview,
  nextSection,
  parseSection,
  pathOf,
  previousSection,
  stepOf,
  stepText,
  type Section,
} from "~/features/survey/lib/survey-flow";

const yes = { attending: "yes", sgw24_attendee: "yes" } as const;
const no = { attending: "no", sgw24_attendee: "no" } as const;
const unanswered = { attending: "", sgw24_attendee: "" } as const;

describe("nextSection", () => {
  it("goes 1 -> 3 when not attending, else 1 -> 2", () => {
    expect(nextSection(1, { ...yes, attending: "no" })).toBe(3);
    expect(nextSection(1, { ...yes, attending: "yes" })).toBe(2);
    expect(nextSection(1, { ...yes, attending: "maybe" })).toBe(2);
    expect(nextSection(1, unanswered)).toBe(2);
  });

  it("goes 2 -> 4 and 3 -> 4 whatever the answers", () => {
    for (const answers of [yes, no, unanswered]) {
      expect(nextSection(2, answers)).toBe(4);
      expect(nextSection(3, answers)).toBe(4);
    }
  });

  it("goes 4 -> 6 when not at SGW24, else 4 -> 5", () => {
    expect(nextSection(4, { ...yes, sgw24_attendee: "no" })).toBe(6);
    expect(nextSection(4, yes)).toBe(5);
    expect(nextSection(4, unanswered)).toBe(5);
  });

  it("goes 5 -> 6, 6 -> 7 and stays on 7", () => {
    expect(nextSection(5, no)).toBe(6);
    expect(nextSection(6, yes)).toBe(7);
    expect(nextSection(7, yes)).toBe(7);
  });
});

describe("previousSection", () => {
  it("walks back along the same path", () => {
    expect(previousSection(1, yes)).toBe(1);
    expect(previousSection(2, yes)).toBe(1);
    expect(previousSection(3, no)).toBe(1);
    expect(previousSection(4, yes)).toBe(2);
    expect(previousSection(4, no)).toBe(3);
    expect(previousSection(5, yes)).toBe(4);
    expect(previousSection(6, yes)).toBe(5);
    expect(previousSection(6, no)).toBe(4);
    expect(previousSection(7, no)).toBe(6);
  });

  it("undoes every Next step along each path the answers lead to", () => {
    const paths: Record<string, Section[]> = {};
    for (const attending of ["", "yes", "no", "maybe"] as const) {
      for (const sgw24_attendee of ["", "yes", "no"] as const) {
        const answers = { attending, sgw24_attendee };
        const path: Section[] = [1];
        while (path[path.length - 1] !== 7) path.push(nextSection(path[path.length - 1], answers));
        for (let step = 1; step < path.length; step++) {
          expect(previousSection(path[step], answers)).toBe(path[step - 1]);
        }
        paths[`${attending}/${sgw24_attendee}`] = path;
      }
    }
    expect(paths["yes/yes"]).toEqual([1, 2, 4, 5, 6, 7]);
    expect(paths["no/no"]).toEqual([1, 3, 4, 6, 7]);
    expect(paths["maybe/no"]).toEqual([1, 2, 4, 6, 7]);
    expect(paths["no/yes"]).toEqual([1, 3, 4, 5, 6, 7]);
  });
});

describe("parseSection", () => {
  it("accepts 1 to 7 only", () => {
    expect(parseSection("1")).toBe(1);
    expect(parseSection(7)).toBe(7);
    for (const bad of ["0", "8", "1.5", "", " 2", "abc", undefined, null, {}]) {
      expect(parseSection(bad)).toBeNull();
    }
  });
});

describe("a member's own path", () => {
  it("counts the steps on the member's path, not the section numbers", () => {
    expect(pathOf(yes)).toEqual([1, 2, 4, 5, 6]);
    expect(stepOf(4, yes)).toEqual({ step: 3, of: 5, upTo: false });
    expect(stepOf(6, { attending: "maybe", sgw24_attendee: "no" })).toEqual({ step: 4, of: 4, upTo: false });
    expect(stepOf(1, { attending: "", sgw24_attendee: "" })).toEqual({ step: 1, of: 5, upTo: true });
    // A section off the path (typed into the address) is counted where it falls.
    expect(stepOf(3, yes)).toEqual({ step: 3, of: 6, upTo: false });
  });

  it("says 'up to' while an answer not given may shorten the path, so 3 of 5 never becomes 4 of 4 unsaid", () => {
    const before = stepOf(4, { attending: "maybe", sgw24_attendee: "" });
    expect(stepText(before)).toBe("Step 3 of up to 5");
    expect(stepText(stepOf(6, { attending: "maybe", sgw24_attendee: "no" }))).toBe("Step 4 of 4");
    expect(stepText(stepOf(5, { attending: "yes", sgw24_attendee: "yes" }))).toBe("Step 4 of 5");
  });

  it("returns from an edited section to the review, unless the change opened a section not yet seen", () => {
    expect(nextFromReview(2, yes, yes)).toBe(6);
    expect(nextFromReview(1, yes, { ...yes, attending: "maybe" })).toBe(6);
    expect(nextFromReview(1, no, { ...no, attending: "yes" })).toBe(2);
    expect(nextFromReview(4, yes, { ...yes, sgw24_attendee: "no" })).toBe(6);
    expect(nextFromReview(4, no, { ...no, sgw24_attendee: "yes" })).toBe(5);
  });
});
