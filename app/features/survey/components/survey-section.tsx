import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useFieldsAsTyped } from "~/platform/components/typed-before-hydration";
import { NameInput } from "~/platform/components/name-input";
import { Choice, LongText, ShirtSize, Ticks, Weekends, errorFor } from "~/features/survey/components/fields";
import { SectionForm } from "~/features/survey/components/section-form";
import { useEditionNames } from "~/features/survey/components/edition-names";
import { PRIVATE_ANSWER_NOTE } from "~/features/survey/lib/private-answer";
import { FIRST_SECTION, type Section } from "~/features/survey/lib/survey-flow";
import type { FieldErrors, SurveyInput } from "~/features/survey/lib/survey-schema";
import {
  SURVEY_QUESTIONS,
  sectionTitle,
  wordingOf,
  type Question,
} from "~/features/survey/lib/survey-questions";

export type StepProps = { values: SurveyInput; fieldErrors?: FieldErrors; error?: string };

type Ticked = Record<string, Record<string, boolean>>;

/** True once React runs in the browser; the server (and a no-JS visit) renders the false case. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type FieldProps = {
  question: Question;
  legend: string;
  value: unknown;
  fieldErrors?: FieldErrors;
  questions: readonly Question[];
  /** The boxes ticked so far in each checkbox group, as the member ticks them. */
  ticked: Ticked;
  onTick: (event: ChangeEvent<HTMLInputElement>) => void;
  hydrated: boolean;
};

/** One question's field, from its kind. */
function QuestionField({
  question,
  legend,
  value,
  fieldErrors,
  questions,
  ticked,
  onTick,
  hydrated,
}: FieldProps) {
  const { key: name } = question;
  const error = (field: string) => errorFor(fieldErrors, field);
  const required = question.required;
  switch (question.kind) {
    case "text":
      if (question.input === "name") {
        return (
          <div className="field">
            <label htmlFor={name}>{legend}</label>
            <NameInput defaultValue={value as string} invalid={Boolean(error(name))} />
            {error(name) ? <p className="field-error">{error(name)}</p> : null}
          </div>
        );
      }
      return (
        <LongText
          name={name}
          label={legend}
          value={value as string}
          max={question.max}
          error={error(name)}
          note={question.private ? PRIVATE_ANSWER_NOTE : undefined}
        />
      );
    case "choice":
      return (
        <Choice
          name={name}
          legend={legend}
          options={question.options}
          value={value as string}
          required={required}
          error={error(name)}
        />
      );
    case "flags":
      return (
        <Ticks
          name={name}
          legend={legend}
          options={question.options}
          value={value as Record<string, boolean>}
          error={error(name)}
          onChange={onTick}
        />
      );
    case "availability":
      return (
        <Weekends name={name} legend={legend} value={value as Record<string, boolean>} error={error(name)} />
      );
    case "sizes": {
      const sizes = value as Record<string, string>;
      const guests = questions.find((each) => each.key === question.guests);
      const guestOptions = guests?.kind === "flags" ? guests.options : {};
      return (
        <fieldset>
          <legend>{legend}</legend>
          {/* Without JavaScript every guest's size is sent, and CSS shows a size only for a ticked guest
              (a browser without :has() shows them all, with a note). */}
          {Object.entries(question.holders).map(([holder, label]) => {
            const guest = holder in guestOptions;
            if (guest && hydrated && !ticked[question.guests ?? ""]?.[holder]) return null;
            return (
              <ShirtSize
                key={holder}
                name={name}
                holder={holder}
                label={label}
                sizes={question.sizes}
                value={sizes[holder]}
                guest={guest}
                required={guest ? undefined : required}
                note={guest && !hydrated ? "only if bringing" : undefined}
                error={error(`${name}.${holder}`)}
              />
            );
          })}
        </fieldset>
      );
    }
  }
}

/**
 * A section's form, its questions in the definition's order: adding a question to the definition
 * puts it here too. `questions` is the definition unless a test adds to it.
 */
export function SurveySection({
  section,
  values,
  fieldErrors,
  error,
  questions = SURVEY_QUESTIONS,
}: StepProps & { section: Section; questions?: readonly Question[] }) {
  const names = useEditionNames();
  const hydrated = useHydrated();
  const answers = values as Record<string, unknown>;
  const asked = questions.filter((question) => question.section === section);
  const [ticked, setTicked] = useState<Ticked>(() =>
    Object.fromEntries(
      asked
        .filter((question) => question.kind === "flags")
        .map((question) => [question.key, answers[question.key] as Record<string, boolean>]),
    ),
  );
  // A guest ticked before the scripts arrived keeps their size field once they have.
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsAsTyped(formRef, (fields) =>
    setTicked((current) =>
      Object.fromEntries(
        Object.keys(current).map((key) => [
          key,
          Object.fromEntries(fields.getAll(key).map((option) => [String(option), true])),
        ]),
      ),
    ),
  );
  const onTick = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value, checked } = event.currentTarget;
    setTicked((current) => ({ ...current, [name]: { ...current[name], [value]: checked } }));
  };
  return (
    <SectionForm
      section={section}
      fieldErrors={fieldErrors}
      error={error}
      back={section !== FIRST_SECTION}
      title={sectionTitle(section, names)}
      formRef={formRef}
    >
      {asked.map((question) => (
        <QuestionField
          key={question.key}
          question={question}
          legend={wordingOf(question, names)}
          value={answers[question.key]}
          fieldErrors={fieldErrors}
          questions={questions}
          ticked={ticked}
          onTick={onTick}
          hydrated={hydrated}
        />
      ))}
    </SectionForm>
  );
}
