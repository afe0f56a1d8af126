import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SurveyInput } from "~/features/survey/lib/survey-schema";
import { SUBMIT_ERROR_PREFIX } from "~/features/survey/lib/survey-questions";
import { reviewParts, type ReviewValue } from "~/features/survey/lib/survey-review";
import { PRIVATE_ANSWER_NOTE } from "~/features/survey/lib/private-answer";
import { useEditionNames } from "~/features/survey/components/edition-names";
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

export function Review({ values, error }: { values: SurveyInput; error?: string }) {
  const names = useEditionNames();
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
      {reviewParts(values, names).map((part) => (
        <Part
          key={part.section}
          title={part.title}
          edit={part.section}
          className={part.hiddenWhenWide ? "hidden-when-wide" : undefined}
        >
          {part.rows.map((row) => (
            <Row key={row.key} label={row.label}>
              <Answer value={row.value} />
              {row.private ? <p className="muted field-note">{PRIVATE_ANSWER_NOTE}</p> : null}
            </Row>
          ))}
        </Part>
      ))}
    </SectionForm>
  );
}
