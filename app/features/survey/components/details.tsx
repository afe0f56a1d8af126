import { useEffect, useState, type ChangeEvent } from "react";
import { Choice, ShirtSize, Ticks, Weekends, errorFor } from "~/features/survey/components/fields";
import {
  AYE_NAY_LABELS,
  COUNTRY_LABELS,
  EXTENSION_LABELS,
  GUEST_LABELS,
  SHIRT_HOLDER_LABELS,
  YES_NO_LABELS,
} from "~/features/survey/lib/survey-questions";
import { SectionForm } from "~/features/survey/components/section-form";
import { useQuestions } from "~/features/survey/components/edition-names";
import type { StepProps } from "~/features/survey/components/steps";

/** True once React runs in the browser; the server (and a no-JS visit) renders the false case. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function Details({ values, fieldErrors, error: formError }: StepProps) {
  const QUESTIONS = useQuestions();
  const hydrated = useHydrated();
  const [guests, setGuests] = useState(values.extra_guests);
  const onGuestChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { value, checked } = event.currentTarget;
    setGuests((current) => ({ ...current, [value]: checked }));
  };
  const error = (field: string) => errorFor(fieldErrors, field);
  // What every question's field takes from its name: the question, the answer so far, its error.
  const question = <K extends keyof StepProps["values"]>(name: K) => ({
    name,
    legend: QUESTIONS[name],
    value: values[name],
    error: error(name),
  });
  return (
    <SectionForm section={2} fieldErrors={fieldErrors} error={formError} title="Details">
      <Weekends {...question("availability")} />
      <Choice {...question("sgw_extension")} options={EXTENSION_LABELS} required />
      <Ticks {...question("countries")} options={COUNTRY_LABELS} />
      <Choice {...question("previous_locale")} options={YES_NO_LABELS} required />
      <Choice {...question("sober")} options={YES_NO_LABELS} required />
      <Ticks {...question("extra_guests")} options={GUEST_LABELS} onChange={onGuestChange} />
      <Choice {...question("share_room")} options={YES_NO_LABELS} required />
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
      <Choice {...question("fate_change")} options={AYE_NAY_LABELS} required />
    </SectionForm>
  );
}
