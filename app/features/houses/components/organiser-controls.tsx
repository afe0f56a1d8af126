import { Form } from "@remix-run/react";
import { AnswerForm } from "~/platform/components/form-answer";
import type { FormFailure } from "~/platform/lib/form-failure";

/** Plain forms for the organiser: in or out of play, and previous-house status with its year. */
export function OrganiserControls({
  house,
  action = "/houses",
  idPrefix = "year",
  failure,
}: {
  /** A refusal of this house's year form: its message at the form's top, the year typed kept. */
  failure?: FormFailure;
  /** Where the year box's id starts: a page showing a house twice (card and table) keeps ids unique. */
  idPrefix?: string;
  /** Where the forms post: /houses, or /organiser which answers the same intents. */
  action?: string;
  house: {
    id: number;
    title: string;
    in_play: boolean;
    previous_house: boolean;
    previous_house_year: number | null;
  };
}) {
  return (
    <div className="organiser-controls" aria-label={`Organiser controls for ${house.title}`} role="group">
      <Form method="post" action={action} className="organiser-form">
        <input type="hidden" name="houseId" value={house.id} />
        <button
          type="submit"
          name="intent"
          value={house.in_play ? "out-of-play" : "in-play"}
          className="button button-secondary"
        >
          {house.in_play ? "Take out of play" : "Back into play"}
        </button>
      </Form>
      <AnswerForm
        id={`${idPrefix}-form-${house.id}`}
        action={action}
        className="organiser-form"
        failure={failure}
      >
        <input type="hidden" name="houseId" value={house.id} />
        {house.previous_house ? (
          <button type="submit" name="intent" value="not-previous" className="button button-secondary">
            Unmark previous house
          </button>
        ) : (
          <>
            <label htmlFor={`${idPrefix}-${house.id}`}>Year</label>
            <input
              id={`${idPrefix}-${house.id}`}
              name="year"
              type="number"
              inputMode="numeric"
              min={1900}
              max={2100}
              className="year-input"
              defaultValue={failure?.values?.year}
            />
            <button type="submit" name="intent" value="previous" className="button button-secondary">
              Mark as previous house
            </button>
          </>
        )}
      </AnswerForm>
    </div>
  );
}
