import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import { FormAnswer } from "~/platform/components/form-answer";
import { useClosedNav } from "~/features/survey/components/survey-deadline";
import type { ReactNode, Ref } from "react";
import { FROM_REVIEW, type Section } from "~/features/survey/lib/survey-flow";
import type { FieldErrors } from "~/features/survey/lib/survey-schema";

type Props = {
  section: Section;
  title: string;
  children?: ReactNode;
  fieldErrors?: FieldErrors;
  error?: string;
  nextLabel?: string;
  pendingLabel?: string;
  back?: boolean;
  /** The form element, for a section that reads its fields as typed before hydration. */
  formRef?: Ref<HTMLFormElement>;
};

/**
 * One section's plain POST form with Next and Back. `noValidate` because the spec marks some radios
 * required yet lets Next through unanswered; the server is the one that checks answers.
 */
export function SectionForm({
  section,
  title,
  children,
  fieldErrors,
  error,
  nextLabel = "Next",
  pendingLabel = "Saving...",
  back = true,
  formRef,
}: Props) {
  const navigation = useNavigation();
  const action = `/survey/${section}`;
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const goingBack = busy && navigation.formData?.get("intent") === "back";
  const messages = Object.values(fieldErrors ?? {});
  const closed = useClosedNav();
  const [params] = useSearchParams();
  if (closed) {
    return (
      <div className="survey-form">
        <h1>{title}</h1>
        <fieldset disabled className="survey-closed">
          <legend className="visually-hidden">Your answers (read-only)</legend>
          {children}
        </fieldset>
        <nav className="survey-actions" aria-label="Survey sections">
          {closed.next ? (
            <Link to={closed.next} className="button">
              Next
            </Link>
          ) : null}
          {back && closed.back ? (
            <Link to={closed.back} className="button button-secondary">
              Back
            </Link>
          ) : null}
        </nav>
      </div>
    );
  }
  return (
    <Form ref={formRef} method="post" action={action} noValidate className="survey-form">
      <h1>{title}</h1>
      <FormAnswer
        failure={
          error || messages.length
            ? {
                error: messages.length ? undefined : error,
                fieldErrors: Object.fromEntries(messages.map((message) => [message, message])),
              }
            : undefined
        }
      />
      {params.get(FROM_REVIEW) === "review" ? (
        <input type="hidden" name={FROM_REVIEW} value="review" />
      ) : null}
      {children}
      {/* Next comes first so Enter in a text field means Next; CSS shows Back on the left. */}
      <div className="survey-actions">
        <button type="submit" name="intent" value="next" className="button" disabled={busy}>
          {busy && !goingBack ? pendingLabel : nextLabel}
        </button>
        {back ? (
          <button
            type="submit"
            name="intent"
            value="back"
            className="button button-secondary"
            disabled={busy}
          >
            {goingBack ? "Going back..." : "Back"}
          </button>
        ) : null}
      </div>
    </Form>
  );
}
