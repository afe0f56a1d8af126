import { describe, expect, it } from "vitest";
import { surveysCsv } from "~/features/organiser/lib/export-csv";
import { summaryCard, summaryRowsOf } from "~/features/results/lib/results-summary";
import { readSectionForm } from "~/features/survey/lib/survey-schema";
import { reviewParts } from "~/features/survey/lib/survey-review";
import { sectionFields } from "~/features/survey/lib/survey-fields";
import { SGW25_NAMES, SURVEY_QUESTIONS, type Question } from "~/features/survey/lib/survey-questions";
import { WINDOWS } from "~/features/editions/lib/weekends";

// A question as a developer would add it: one entry in the definition.
const DIETARY: Question = {
  key: "dietary_needs",
  section: 2,
  kind: "flags",
  options: { vegetarian: "Vegetarian", gluten_free: "Gluten-free" },
  none: "No needs",
  question: ({ current }) => `Anything we should know for ${current}'s meals?`,
  summary: [
    {
      label: "Dietary Needs",
      value: (answers) => {
        const ticked = (answers.dietary_needs ?? {}) as Record<string, boolean>;
        return (
          Object.keys(ticked)
            .filter((key) => ticked[key])
            .join(", ") || "None"
        );
      },
    },
  ],
};
const QUESTIONS = [...SURVEY_QUESTIONS, DIETARY];

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the survey definition", () => {
  it("puts an added question in its section's form reader, the review, the summary and the CSV", () => {
    expect(sectionFields(2, QUESTIONS)).toContain("dietary_needs");

    const posted = readSectionForm(2, form([["dietary_needs", "vegetarian"]]), WINDOWS, QUESTIONS) as Record<
      string,
      unknown
    >;
    expect(posted.dietary_needs).toEqual({ vegetarian: true, gluten_free: false });

    const details = reviewParts(
      { attending: "yes", dietary_needs: posted.dietary_needs },
      SGW25_NAMES,
      QUESTIONS,
    )
      .find((part) => part.section === 2)!
      .rows.find((row) => row.key === "dietary_needs");
    expect(details).toMatchObject({
      label: "Anything we should know for SGW25's meals?",
      value: { kind: "plain", text: "Vegetarian" },
    });

    const rows = summaryRowsOf(QUESTIONS);
    expect(rows.at(-1)?.label).toBe("Dietary Needs");
    const card = summaryCard(
      { id: 1, attending: "yes", dietary_needs: '{"gluten_free":true}' },
      { questions: QUESTIONS },
    );
    expect(Object.fromEntries(card.rows)["Dietary Needs"]).toBe("gluten_free");

    const [header] = surveysCsv([], WINDOWS, SGW25_NAMES, QUESTIONS)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(header).toContain('"Dietary Needs"');
  });

  it("leaves a section's questions out of the other sections and keeps the spec's questions as they were", () => {
    expect(sectionFields(1, QUESTIONS)).toEqual(["name", "attending"]);
    expect(sectionFields(5)).toEqual(["sgw24_concerns", "sgw25_suggestions", "sgw25_dont_wanna_see"]);
    expect(summaryRowsOf(SURVEY_QUESTIONS).map((row) => row.label)).not.toContain("Dietary Needs");
  });
});
