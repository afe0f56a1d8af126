import { NameInput } from "~/platform/components/name-input";
import type { FieldErrors, SurveyInput } from "~/features/survey/lib/survey-schema";
import { PRIVATE_ANSWER_FIELD, PRIVATE_ANSWER_NOTE } from "~/features/survey/lib/private-answer";
import { Choice, LongText, errorFor } from "~/features/survey/components/fields";
import { useEditionNames, useQuestions } from "~/features/survey/components/edition-names";
import { ATTENDING_LABELS, YES_NO_LABELS } from "~/features/survey/lib/survey-questions";
import { SectionForm } from "~/features/survey/components/section-form";

export type StepProps = { values: SurveyInput; fieldErrors?: FieldErrors; error?: string };

export function BasicInfo({ values, fieldErrors, error }: StepProps) {
  const QUESTIONS = useQuestions();
  const nameError = errorFor(fieldErrors, "name");
  return (
    <SectionForm section={1} fieldErrors={fieldErrors} error={error} back={false} title="Basic info">
      <div className="field">
        <label htmlFor="name">{QUESTIONS.name}</label>
        <NameInput defaultValue={values.name} invalid={Boolean(nameError)} />
        {nameError ? <p className="field-error">{nameError}</p> : null}
      </div>
      <Choice
        name="attending"
        legend={QUESTIONS.attending}
        options={ATTENDING_LABELS}
        value={values.attending}
        required
        error={errorFor(fieldErrors, "attending")}
      />
    </SectionForm>
  );
}

export function SadMessage({ error }: { error?: string }) {
  const { current } = useEditionNames();
  return (
    <SectionForm section={3} error={error} title="We'll miss you">
      <p>
        Sorry to hear you can&apos;t make it to {current}. It won&apos;t be the same without you — and if
        plans change, come back and update your answer any time.
      </p>
      <p>A couple more quick questions about last year and we&apos;re done.</p>
    </SectionForm>
  );
}

export function LastYear({ values, fieldErrors, error }: StepProps) {
  const QUESTIONS = useQuestions();
  const { previous } = useEditionNames();
  return (
    <SectionForm section={4} fieldErrors={fieldErrors} error={error} title={previous}>
      <Choice
        name="sgw24_attendee"
        legend={QUESTIONS.sgw24_attendee}
        options={YES_NO_LABELS}
        value={values.sgw24_attendee}
        error={errorFor(fieldErrors, "sgw24_attendee")}
      />
    </SectionForm>
  );
}

export function Feedback({ values, fieldErrors, error }: StepProps) {
  const QUESTIONS = useQuestions();
  return (
    <SectionForm section={5} fieldErrors={fieldErrors} error={error} title="Feedback">
      {(["sgw24_concerns", "sgw25_suggestions", "sgw25_dont_wanna_see"] as const).map((field) => (
        <LongText
          key={field}
          name={field}
          label={QUESTIONS[field]}
          value={values[field]}
          error={errorFor(fieldErrors, field)}
          note={field === PRIVATE_ANSWER_FIELD ? PRIVATE_ANSWER_NOTE : undefined}
        />
      ))}
    </SectionForm>
  );
}
