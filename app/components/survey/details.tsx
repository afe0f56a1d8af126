import { useEffect, useState, type ChangeEvent } from "react";
import { Choice, ShirtSize, Ticks, errorFor } from "./fields";
import {
  AYE_NAY_LABELS,
  COUNTRY_LABELS,
  EXTENSION_LABELS,
  GUEST_LABELS,
  QUESTIONS,
  SHIRT_HOLDER_LABELS,
  YES_NO_LABELS,
} from "~/lib/survey-questions";
import { SectionForm } from "./section-form";
import type { StepProps } from "./steps";

/** True once React runs in the browser; the server (and a no-JS visit) renders the false case. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function Details({ values, fieldErrors, error: formError }: StepProps) {
  const hydrated = useHydrated();
  const [guests, setGuests] = useState(values.extra_guests);
  const onGuestChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { value, checked } = event.currentTarget;
    setGuests((current) => ({ ...current, [value]: checked }));
  };
  const error = (field: string) => errorFor(fieldErrors, field);
  // The answers carry every window of the edition, in order (survey-fields' emptySurvey).
  const windowLabels = Object.fromEntries(Object.keys(values.availability).map((label) => [label, label]));
  return (
    <SectionForm section={2} fieldErrors={fieldErrors} error={formError} title="Details">
      <Ticks
        name="availability"
        legend={QUESTIONS.availability}
        options={windowLabels}
        value={values.availability}
        error={error("availability")}
        className="choices weekends"
      />
      <Choice
        name="sgw_extension"
        legend={QUESTIONS.sgw_extension}
        options={EXTENSION_LABELS}
        value={values.sgw_extension}
        required
        error={error("sgw_extension")}
      />
      <Ticks
        name="countries"
        legend={QUESTIONS.countries}
        options={COUNTRY_LABELS}
        value={values.countries}
        error={error("countries")}
      />
      <Choice
        name="previous_locale"
        legend={QUESTIONS.previous_locale}
        options={YES_NO_LABELS}
        value={values.previous_locale}
        required
        error={error("previous_locale")}
      />
      <Choice
        name="sober"
        legend={QUESTIONS.sober}
        options={YES_NO_LABELS}
        value={values.sober}
        required
        error={error("sober")}
      />
      <Ticks
        name="extra_guests"
        legend={QUESTIONS.extra_guests}
        options={GUEST_LABELS}
        value={values.extra_guests}
        error={error("extra_guests")}
        onChange={onGuestChange}
      />
      <Choice
        name="share_room"
        legend={QUESTIONS.share_room}
        options={YES_NO_LABELS}
        value={values.share_room}
        required
        error={error("share_room")}
      />
      <fieldset>
        <legend>{QUESTIONS.shirt_size}</legend>
        <ShirtSize
          holder="self"
          label={SHIRT_HOLDER_LABELS.self}
          value={values.shirt_size.self}
          required
          error={error("shirt_size.self")}
        />
        {/* Without JavaScript both guest sizes are sent, and CSS shows a size only for a ticked guest
            (a browser without :has() shows both, with a note). */}
        {(["boo", "child"] as const).map((holder) =>
          !hydrated || guests[holder] ? (
            <ShirtSize
              key={holder}
              holder={holder}
              label={SHIRT_HOLDER_LABELS[holder]}
              value={values.shirt_size[holder]}
              note={hydrated ? undefined : "only if bringing"}
              error={error(`shirt_size.${holder}`)}
            />
          ) : null,
        )}
      </fieldset>
      <Choice
        name="fate_change"
        legend={QUESTIONS.fate_change}
        options={AYE_NAY_LABELS}
        value={values.fate_change}
        required
        error={error("fate_change")}
      />
    </SectionForm>
  );
}
