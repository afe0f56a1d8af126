import { describe, expect, it } from "vitest";
import { surveysCsv } from "~/features/organiser/lib/export-csv";
import { summaryCard } from "~/features/results/lib/results-summary";
import { SUMMARY_ROWS, summaryRowsOf, type SummaryRow } from "~/features/results/lib/summary-rows";
import { readSectionForm } from "~/features/survey/lib/survey-schema";
import { reviewParts } from "~/features/survey/lib/survey-review";
import { sectionFields } from "~/features/survey/lib/survey-fields";
import { SGW25_NAMES, SURVEY_QUESTIONS, type Question } from "~/features/survey/lib/survey-questions";
import { WINDOWS } from "~/features/season/lib/weekends";

// A question as a developer adds it: its entry in the definition and its summary rows by its key.
const DIETARY: Question = {
  key: "dietary_needs",
  section: 2,
  kind: "flags",
  options: { vegetarian: "Vegetarian", gluten_free: "Gluten-free" },
  question: ({ current }) => `Anything we should know for ${current}'s meals?`,
};
const DIETARY_ROWS: SummaryRow[] = [
  {
    label: "Dietary Needs",
    value: ({ record }) =>
      String(record.dietary_needs).includes('"vegetarian":true') ? "Vegetarian" : "None",
  },
];
const QUESTIONS = [...SURVEY_QUESTIONS, DIETARY];
const ROWS = { ...SUMMARY_ROWS, dietary_needs: DIETARY_ROWS };

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the survey definition", () => {
  it("puts an added question in the form reader, the review, the summary rows and the CSV header", () => {
    expect(sectionFields(2, QUESTIONS)).toContain("dietary_needs");
    const posted = readSectionForm(2, form([["dietary_needs", "vegetarian"]]), WINDOWS, QUESTIONS);
    expect((posted as Record<string, unknown>).dietary_needs).toEqual({
      vegetarian: true,
      gluten_free: false,
    });

    const details = reviewParts(
      { attending: "yes", dietary_needs: { vegetarian: true } },
      SGW25_NAMES,
      QUESTIONS,
    )
      .find((part) => part.section === 2)!
      .rows.find((row) => row.key === "dietary_needs");
    expect(details).toMatchObject({
      label: "Anything we should know for SGW25's meals?",
      value: { kind: "plain", text: "Vegetarian" },
    });

    expect(summaryRowsOf(ROWS).map((row) => row.label)).toContain("Dietary Needs");
    const card = summaryCard(
      { id: 1, attending: "yes", dietary_needs: '{"vegetarian":true}' },
      { rows: ROWS },
    );
    expect(Object.fromEntries(card.rows)["Dietary Needs"]).toBe("Vegetarian");

    const [header] = surveysCsv([], WINDOWS, SGW25_NAMES, ROWS)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(header).toContain('"Dietary Needs"');
  });

  it("keeps it out of the other sections and out of the spec's survey", () => {
    expect(sectionFields(1, QUESTIONS)).toEqual(["name", "attending"]);
    expect(
      readSectionForm(1, form([["dietary_needs", "vegetarian"]]), WINDOWS, QUESTIONS),
    ).not.toHaveProperty("dietary_needs");
    expect(summaryRowsOf().map((row) => row.label)).not.toContain("Dietary Needs");
    expect(surveysCsv([], WINDOWS)).not.toContain("Dietary");
  });

  it("gives the summary card and the CSV the same labels, in the spec's order", () => {
    const labels = summaryRowsOf().map((row) => row.label);
    expect(labels).toEqual([
      "Attending",
      "Wants To Extend",
      "OK Countries",
      "Previous Locale",
      "Sober",
      "Bringing Boo",
      "Bringing Kid",
      "Will Share Room",
      "Would Change Fate",
      "Shirt Sizes",
    ]);
    const [header] = surveysCsv([], WINDOWS)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(header).toContain(labels.map((label) => `"${label}"`).join(","));
  });
});
