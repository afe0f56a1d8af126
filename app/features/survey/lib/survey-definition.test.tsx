import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { surveysCsv } from "~/features/organiser/lib/export-csv";
import { RespondentCard } from "~/features/results/components/respondent-card";
import { summaryCard } from "~/features/results/lib/results-summary";
import { SUMMARY_ROWS, summaryRowsOf, type SummaryRow } from "~/features/results/lib/summary-rows";
import { readSectionForm } from "~/features/survey/lib/survey-schema";
import { reviewParts } from "~/features/survey/lib/survey-review";
import { emptySurvey, sectionFields } from "~/features/survey/lib/survey-fields";
import { Review } from "~/features/survey/components/review";
import { SurveySection } from "~/features/survey/components/survey-section";
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

/** A survey page's view as the server renders it, at its URL (the forms read the router). */
async function page(url: string, view: ReactNode) {
  const handler = createStaticHandler([{ path: "/survey/:section", element: view }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

function form(entries: Array<[string, string]>) {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of entries) (fields[name] ??= []).push(value);
  return fields;
}

describe("the survey definition", () => {
  it("shows an added question on its section's form, after the section's other questions", async () => {
    const values = { ...emptySurvey(), dietary_needs: { vegetarian: true, gluten_free: false } };
    const html = await page(
      "/survey/2",
      <SurveySection
        section={2}
        values={values}
        questions={QUESTIONS}
        fieldErrors={{ dietary_needs: "Tick a box" }}
      />,
    );
    expect(html).toContain("<legend>Anything we should know for SGW25&#x27;s meals?</legend>");
    expect(html).toContain(
      '<input type="checkbox" name="dietary_needs" checked="" value="vegetarian"/>Vegetarian',
    );
    expect(html).toContain('<input type="checkbox" name="dietary_needs" value="gluten_free"/>Gluten-free');
    expect(html).toContain('<p class="field-error" id="dietary_needs-error">Tick a box</p>');
    expect(html.indexOf("Would you change your fate?")).toBeLessThan(html.indexOf("meals?"));

    // The definition alone: the form asks what it asked before, and no more.
    const today = await page("/survey/2", <SurveySection section={2} values={emptySurvey()} />);
    expect(today).not.toContain("dietary_needs");
    expect(today).toContain('name="fate_change"');
  });

  it("puts an added question in the form reader, the review, the summary rows and the CSV", async () => {
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
    const review = await page(
      "/survey/6",
      <Review
        parts={reviewParts({ attending: "yes", dietary_needs: { vegetarian: true } }, SGW25_NAMES, QUESTIONS)}
      />,
    );
    expect(review).toContain("<dt>Anything we should know for SGW25&#x27;s meals?</dt><dd>Vegetarian</dd>");

    expect(summaryRowsOf(ROWS).map((row) => row.label)).toContain("Dietary Needs");
    const card = summaryCard(
      { id: 1, attending: "yes", dietary_needs: '{"vegetarian":true}' },
      { rows: ROWS },
    );
    expect(Object.fromEntries(card.rows)["Dietary Needs"]).toBe("Vegetarian");
    expect(renderToStaticMarkup(<RespondentCard card={card} />)).toContain(
      '<th scope="row">Dietary Needs</th><td>Vegetarian</td>',
    );

    const [header, line] = surveysCsv(
      [{ id: 1, name: "Kim", attending: "yes", dietary_needs: '{"vegetarian":true}' }],
      WINDOWS,
      SGW25_NAMES,
      ROWS,
    )
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    const column = header.split(",").indexOf('"Dietary Needs"');
    expect(column).toBeGreaterThan(0);
    expect(line.split(",")[column]).toBe('"Vegetarian"');
  });

  it("keeps it out of the other sections and out of the spec's survey", async () => {
    expect(sectionFields(1, QUESTIONS)).toEqual(["name", "attending"]);
    const first = await page(
      "/survey/1",
      <SurveySection section={1} values={emptySurvey()} questions={QUESTIONS} />,
    );
    expect(first).toContain('name="attending"');
    expect(first).not.toContain("dietary_needs");
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
