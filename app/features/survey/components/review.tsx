import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { editFromReview } from "~/features/survey/lib/survey-flow";
import { SUBMIT_ERROR_PREFIX } from "~/features/survey/lib/survey-questions";
import type { ReviewPart, ReviewValue } from "~/features/survey/lib/survey-review";
import { PRIVATE_ANSWER_NOTE } from "~/features/survey/lib/private-answer";
import { SectionForm } from "~/features/survey/components/section-form";
import { useClosedNav } from "~/features/survey/components/survey-deadline";

function Part({ part, editable, children }: { part: ReviewPart; editable: boolean; children: ReactNode }) {
  // Spec: on wide screens the feedback rows are hidden for someone who was not at the last edition.
  const className = part.hiddenWhenWide ? "review-part hidden-when-wide" : "review-part";
  return (
    <section className={className} aria-label={part.title}>
      <div className="review-heading">
        <h2>{part.title}</h2>
        {editable ? (
          <Link to={editFromReview(part.section)} aria-label={`Edit ${part.title.toLowerCase()}`}>
            Edit
          </Link>
        ) : null}
      </div>
      <dl>{children}</dl>
    </section>
  );
}

function Answer({ value }: { value: ReviewValue }) {
  if (value.kind === "own") return <span className="review-text user-text">{value.text}</span>;
  if (value.kind === "list") {
    return (
      <ul className="review-weekends">
        {value.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  return value.muted ? <span className="muted">{value.text}</span> : <>{value.text}</>;
}

/** The review: its rows come from the loader (survey-review), so the browser needs only this. */
export function Review({ parts, error }: { parts: ReviewPart[]; error?: string }) {
  const closed = useClosedNav() !== null;
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
      {closed ? null : (
        <p className="muted">Check your answers, then submit. You can come back and change them later.</p>
      )}
      {parts.map((part) => (
        <Part key={part.section} part={part} editable={!closed}>
          {part.rows.map((row) => (
            <div className="review-row" key={row.key}>
              <dt>{row.label}</dt>
              <dd>
                <Answer value={row.value} />
                {row.private ? <p className="muted field-note">{PRIVATE_ANSWER_NOTE}</p> : null}
              </dd>
            </div>
          ))}
        </Part>
      ))}
    </SectionForm>
  );
}
