import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SurveyInput } from "~/features/survey/lib/survey-schema";
import {
  ATTENDING_LABELS,
  AYE_NAY_LABELS,
  COUNTRY_LABELS,
  EXTENSION_LABELS,
  GUEST_LABELS,
  SHIRT_HOLDER_LABELS,
  SUBMIT_ERROR_PREFIX,
  YES_NO_LABELS,
  labelOf,
} from "~/features/survey/lib/survey-questions";
import { PRIVATE_ANSWER_NOTE } from "~/features/survey/lib/private-answer";
import { useEditionNames, useQuestions } from "~/features/survey/components/edition-names";
import { SectionForm } from "~/features/survey/components/section-form";

function Part({
  title,
  edit,
  className,
  children,
}: {
  title: string;
  edit: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `review-part ${className}` : "review-part"} aria-label={title}>
      <div className="review-heading">
        <h2>{title}</h2>
        <Link to={`/survey/${edit}`} aria-label={`Edit ${title.toLowerCase()}`}>
          Edit
        </Link>
      </div>
      <dl>{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="review-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ticked(labels: Record<string, string>, map: Record<string, boolean>, none: string) {
  const chosen = Object.keys(labels).filter((key) => map[key]);
  return chosen.length ? chosen.map((key) => labels[key]).join(", ") : none;
}

function WrittenAnswer({ text }: { text: string }) {
  return text ? <span className="review-text user-text">{text}</span> : <span className="muted">None</span>;
}

export function Review({ values, error }: { values: SurveyInput; error?: string }) {
  const QUESTIONS = useQuestions();
  const { previous } = useEditionNames();
  // The answers carry every window of the edition, in order (survey-fields' emptySurvey).
  const weekends = Object.keys(values.availability).filter((label) => values.availability[label]);
  const sizes = (["self", "boo", "child"] as const)
    .filter((holder) => holder === "self" || values.extra_guests[holder])
    .map(
      (holder) =>
        `${SHIRT_HOLDER_LABELS[holder]}: ${values.shirt_size[holder] ? values.shirt_size[holder].toUpperCase() : "Not answered"}`,
    );
  // Whatever stopped the submit (a refusal, the network, a closed survey), the spec's words come first.
  const submitError = error && !error.startsWith(SUBMIT_ERROR_PREFIX) ? SUBMIT_ERROR_PREFIX + error : error;
  return (
    <SectionForm
      section={6}
      error={submitError}
      nextLabel="Submit Survey"
      pendingLabel="Submitting..."
      title="Review"
    >
      <p className="muted">Check your answers, then submit. You can come back and change them later.</p>
      <Part title="Basic info" edit={1}>
        <Row label={QUESTIONS.name}>
          {values.name ? (
            <span className="user-text">{values.name}</span>
          ) : (
            <span className="muted">Not answered</span>
          )}
        </Row>
        <Row label={QUESTIONS.attending}>{labelOf(ATTENDING_LABELS, values.attending)}</Row>
      </Part>
      {values.attending === "no" ? null : (
        <Part title="Details" edit={2}>
          <Row label={QUESTIONS.availability}>
            {weekends.length ? (
              <ul className="review-weekends">
                {weekends.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            ) : (
              "None selected"
            )}
          </Row>
          <Row label={QUESTIONS.sgw_extension}>{labelOf(EXTENSION_LABELS, values.sgw_extension)}</Row>
          <Row label={QUESTIONS.countries}>{ticked(COUNTRY_LABELS, values.countries, "None")}</Row>
          <Row label={QUESTIONS.previous_locale}>{labelOf(YES_NO_LABELS, values.previous_locale)}</Row>
          <Row label={QUESTIONS.sober}>{labelOf(YES_NO_LABELS, values.sober)}</Row>
          <Row label={QUESTIONS.extra_guests}>{ticked(GUEST_LABELS, values.extra_guests, "Just me")}</Row>
          <Row label={QUESTIONS.share_room}>{labelOf(YES_NO_LABELS, values.share_room)}</Row>
          <Row label={QUESTIONS.shirt_size}>{sizes.join("; ")}</Row>
          <Row label={QUESTIONS.fate_change}>{labelOf(AYE_NAY_LABELS, values.fate_change)}</Row>
        </Part>
      )}
      <Part title={previous} edit={4}>
        <Row label={QUESTIONS.sgw24_attendee}>{labelOf(YES_NO_LABELS, values.sgw24_attendee)}</Row>
      </Part>
      {/* Spec: on wide screens the feedback rows are hidden for someone who was not at SGW24. */}
      <Part
        title="Feedback"
        edit={5}
        className={values.sgw24_attendee === "no" ? "hidden-when-wide" : undefined}
      >
        <Row label={QUESTIONS.sgw24_concerns}>
          <WrittenAnswer text={values.sgw24_concerns} />
        </Row>
        <Row label={QUESTIONS.sgw25_suggestions}>
          <WrittenAnswer text={values.sgw25_suggestions} />
        </Row>
        <Row label={QUESTIONS.sgw25_dont_wanna_see}>
          <WrittenAnswer text={values.sgw25_dont_wanna_see} />
          <p className="muted field-note">{PRIVATE_ANSWER_NOTE}</p>
        </Row>
      </Part>
    </SectionForm>
  );
}
