import { NameInput } from "~/platform/components/name-input";
import type { FieldErrors, SurveyInput } from "~/features/survey/lib/survey-schema";
import { PRIVATE_ANSWER_NOTE } from "~/features/survey/lib/private-answer";
import { Choice, LongText, errorFor } from "~/features/survey/components/fields";
import { useEditionNames, useQuestions } from "~/features/survey/components/edition-names";
import { ATTENDING_LABELS, SURVEY_QUESTIONS, YES_NO_LABELS } from "~/features/survey/lib/survey-questions";

/** The feedback section's questions: its free texts, in the survey's order. */
const FEEDBACK = SURVEY_QUESTIONS.filter((question) => question.section === 5 && question.kind === "text");
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
      {FEEDBACK.map((question) => (
        <LongText
          key={question.key}
          name={question.key}
          label={QUESTIONS[question.key]}
          value={values[question.key]}
          error={errorFor(fieldErrors, question.key)}
          note={"private" in question ? PRIVATE_ANSWER_NOTE : undefined}
        />
      ))}
    </SectionForm>
  );
}
