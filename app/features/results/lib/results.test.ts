import { describe, expect, it, vi } from "vitest";
import {
  attendanceLists,
  availabilityChartHeight,
  buildCharts,
  countLabel,
  countriesAxisMax,
  deriveResponse,
  guestSuffix,
  parseJsonObject,
  percent,
  tallyResponses,
  addTallies,
  emptyTally,
} from "~/features/results/lib/results";
import { WINDOWS } from "~/features/season/lib/weekends";

const [APR, APR2] = WINDOWS;

function chart(records: Record<string, unknown>[], key: string) {
  const found = buildCharts(tallyResponses(records, () => {})).find((c) => c.key === key);
  if (!found) throw new Error(`no chart ${key}`);
  return Object.fromEntries(found.slices.map((s) => [s.label, countLabel(s)]));
}

describe("parseJsonObject", () => {
  it("keeps objects and parses JSON strings", () => {
    expect(parseJsonObject({ usa: true }, "countries")).toEqual({ usa: true });
    expect(parseJsonObject('{"usa":true}', "countries")).toEqual({ usa: true });
  });

  it("logs a string that fails to parse and treats it as empty", () => {
    const log = vi.fn();
    expect(parseJsonObject("{usa: true", "countries", log)).toEqual({});
    expect(log).toHaveBeenCalledWith(expect.stringContaining("countries"));
  });

  it("treats missing, blank and non-object values as empty", () => {
    const log = vi.fn();
    expect(parseJsonObject(undefined, "x", log)).toEqual({});
    expect(parseJsonObject(null, "x", log)).toEqual({});
    expect(parseJsonObject("", "x", log)).toEqual({});
    expect(parseJsonObject("[1,2]", "x", log)).toEqual({});
    expect(parseJsonObject(42, "x", log)).toEqual({});
    expect(parseJsonObject('"text"', "x", log)).toEqual({});
    expect(log).toHaveBeenCalledTimes(3);
  });
});

describe("deriveResponse", () => {
  it("derives the extension flags, at most one of them true and none when unanswered", () => {
    const flags = (sgw_extension: unknown) => {
      const r = deriveResponse({ sgw_extension });
      return [r.extend_beginning, r.extend_end, r.extend_both, r.extend_none];
    };
    expect(flags("beginning")).toEqual([true, false, false, false]);
    expect(flags("end")).toEqual([false, true, false, false]);
    expect(flags("both")).toEqual([false, false, true, false]);
    expect(flags("no")).toEqual([false, false, false, true]);
    expect(flags("")).toEqual([false, false, false, false]);
    expect(flags(undefined)).toEqual([false, false, false, false]);
  });

  it("reads countries from an object, a JSON string or the flat visit_* booleans", () => {
    expect(deriveResponse({ countries: { usa: true, canada: false, mexico: true } })).toMatchObject({
      visit_usa: true,
      visit_canada: false,
      visit_mexico: true,
    });
    expect(deriveResponse({ countries: '{"canada":true}' })).toMatchObject({
      visit_usa: false,
      visit_canada: true,
    });
    expect(
      deriveResponse({ countries: "oops", visit_mexico: true, visit_usa: "true" }, () => {}),
    ).toMatchObject({
      visit_usa: true,
      visit_canada: false,
      visit_mexico: true,
    });
  });

  it("derives plus_boo and plus_child from extra_guests in either form", () => {
    expect(deriveResponse({ attending: "yes", extra_guests: { boo: true, child: false } })).toMatchObject({
      plus_boo: true,
      plus_child: false,
    });
    expect(deriveResponse({ attending: "maybe", extra_guests: '{"boo":false,"child":true}' })).toMatchObject({
      plus_boo: false,
      plus_child: true,
    });
    expect(deriveResponse({ attending: "yes", extra_guests: "{broken" }, () => {})).toMatchObject({
      plus_boo: false,
      plus_child: false,
    });
  });

  it("counts no guests for someone not coming (no or unanswered)", () => {
    for (const attending of ["no", "", undefined]) {
      expect(deriveResponse({ attending, extra_guests: { boo: true, child: true } })).toMatchObject({
        plus_boo: false,
        plus_child: false,
      });
    }
  });

  it("accepts yes/aye answers shown as true/false", () => {
    const r = deriveResponse({
      previous_locale: true,
      sober: "false",
      share_room: "yes",
      fate_change: "aye",
    });
    expect([r.previous_locale_yes, r.sober_yes, r.share_room_yes, r.fate_change_aye]).toEqual([
      true,
      false,
      true,
      true,
    ]);
    const no = deriveResponse({ previous_locale: "no", sober: false, share_room: "", fate_change: "nay" });
    expect([no.previous_locale_yes, no.sober_yes, no.share_room_yes, no.fate_change_aye]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("falls back to 'User' for a blank name", () => {
    expect(deriveResponse({ name: "  " }).name).toBe("User");
    expect(deriveResponse({ name: " Ana " }).name).toBe("Ana");
  });
});

describe("tallies and charts", () => {
  const records = [
    {
      attending: "yes",
      availability: { [APR]: true, [APR2]: true },
      sgw_extension: "both",
      countries: { usa: true },
      sober: "yes",
    },
    {
      attending: "maybe",
      availability: JSON.stringify({ [APR]: true }),
      sgw_extension: "end",
      countries: '{"mexico":true}',
      sober: "no",
      previous_locale: "no",
    },
    {
      attending: "yes",
      availability: "not json",
      sgw_extension: "no",
      visit_canada: true,
      fate_change: "aye",
    },
    // Not counted: only yes and maybe respondents are in the charts.
    {
      attending: "no",
      availability: { [APR]: true },
      sgw_extension: "beginning",
      countries: { usa: true },
      sober: "yes",
    },
    { attending: "", availability: { [APR]: true }, countries: { usa: true } },
  ];

  it("counts only yes/maybe respondents, with percents to one decimal", () => {
    const log = vi.fn();
    const tally = tallyResponses(records, log);
    expect(tally.respondents).toBe(3);
    expect(tally.availability[0]).toBe(2);
    expect(tally.availability[1]).toBe(1);
    expect(tally.availability.slice(2).every((n) => n === 0)).toBe(true);
    expect(log).toHaveBeenCalledOnce();
    expect(chart(records, "availability")[APR]).toBe("2 (66.7%)");
    expect(chart(records, "availability")[APR2]).toBe("1 (33.3%)");
  });

  it("builds the extension pie with God No for a no, and leaves out the unanswered", () => {
    expect(chart(records, "extension")).toEqual({
      "Start Earlier": "0 (0.0%)",
      "End Later": "1 (33.3%)",
      "Start Earlier & End Later": "1 (33.3%)",
      "God No": "1 (33.3%)",
    });
  });

  it("builds the countries bars in the spec's order and the yes/no pies", () => {
    expect(Object.keys(chart(records, "countries"))).toEqual(["USA", "Mexico", "Canada"]);
    expect(chart(records, "countries")).toEqual({
      USA: "1 (33.3%)",
      Mexico: "1 (33.3%)",
      Canada: "1 (33.3%)",
    });
    // Pies count answers only: an unanswered question is neither a yes nor a no.
    expect(chart(records, "sober")).toEqual({ Yeah: "1 (50.0%)", "No Way": "1 (50.0%)" });
    expect(chart(records, "fateChange")).toEqual({ Aye: "1 (100.0%)", Nay: "0 (0.0%)" });
    expect(chart(records, "previousLocale")).toEqual({ Sure: "0 (0.0%)", Nah: "1 (100.0%)" });
    expect(chart(records, "shareRoom")).toEqual({ Yep: "0 (0.0%)", Nope: "0 (0.0%)" });
  });

  it("gives the seven charts with the spec's titles, in order", () => {
    expect(buildCharts(emptyTally()).map((c) => c.title)).toEqual([
      "So When is This Happening?",
      "Should SGW Be Longer?",
      "What Countries Are Folks Cool With?",
      "Should We Revisit Previous Spots?",
      "Are Folks Okay Staying Sober?",
      "Are Peeps Cool With Sharing Rooms?",
      "How Many Would Change Their Fate?",
    ]);
    expect(buildCharts(emptyTally())[0].slices).toHaveLength(39);
  });

  it("adds tallies field by field", () => {
    const one = tallyResponses(records.slice(0, 2));
    const two = tallyResponses(records.slice(2), () => {});
    expect(addTallies(one, two)).toEqual(tallyResponses(records, () => {}));
  });

  it("ignores availability labels that are not one of the 39 windows", () => {
    const tally = tallyResponses([
      { attending: "yes", availability: { "Jan 1 - Jan 5": true, [APR]: "true" } },
    ]);
    expect(tally.availability.reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe("numbers the spec fixes", () => {
  it("formats percent to one decimal and survives zero respondents", () => {
    expect(percent(1, 3)).toBe("33.3");
    expect(percent(2, 3)).toBe("66.7");
    expect(percent(3, 3)).toBe("100.0");
    expect(percent(0, 0)).toBe("0.0");
  });

  it("sizes the availability chart at 30 px a week plus 100", () => {
    expect(availabilityChartHeight()).toBe(39 * 30 + 100);
    expect(availabilityChartHeight(2)).toBe(160);
  });

  it("runs the countries axis to the highest count plus 2", () => {
    const slices = [
      { label: "USA", count: 4, percent: "" },
      { label: "Mexico", count: 7, percent: "" },
      { label: "Canada", count: 0, percent: "" },
    ];
    expect(countriesAxisMax(slices)).toBe(9);
    expect(countriesAxisMax([])).toBe(2);
  });
});

describe("attendance list", () => {
  it("puts names under yes, maybe and no with ' +N' for a boo and/or child", () => {
    expect(guestSuffix({ plus_boo: false, plus_child: false })).toBe("");
    expect(guestSuffix({ plus_boo: true, plus_child: false })).toBe(" +1");
    expect(guestSuffix({ plus_boo: false, plus_child: true })).toBe(" +1");
    expect(guestSuffix({ plus_boo: true, plus_child: true })).toBe(" +2");
    const lists = attendanceLists(
      [
        { name: "Ana", attending: "yes", extra_guests: { boo: true, child: true } },
        { name: "Bo", attending: "maybe", extra_guests: '{"child":true}' },
        { name: "", attending: "no", extra_guests: "{bad" },
        { name: "Cy", attending: "no", extra_guests: { boo: true, child: true } },
        { name: "Dee", attending: "" },
      ],
      () => {},
    );
    expect(lists).toEqual({ yes: ["Ana +2"], maybe: ["Bo +1"], no: ["User", "Cy"] });
  });
});
