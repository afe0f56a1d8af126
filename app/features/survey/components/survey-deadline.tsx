import { createContext, useContext, type ReactNode } from "react";
import { useActionData } from "@remix-run/react";
import { FormAnswer } from "~/platform/components/form-answer";

/** Where Back and Next lead on a closed survey: links instead of buttons, since nothing is saved. */
export type ClosedNav = { back: string | null; next: string | null };

const ClosedSurvey = createContext<ClosedNav | null>(null);

/** The closed survey's links for the section's Back and Next, or null while it is open. */
export const useClosedNav = () => useContext(ClosedSurvey);

export type DeadlineView = { text: string; closed: boolean; message: string | null } | null;

/**
 * The survey's deadline above its sections. Once it has passed, every section stays readable: its
 * fields sit in a disabled fieldset (the server refuses the posts anyway), and Back and Next are
 * links to the sections the member's answers lead to (see SectionForm).
 */
export function SurveyDeadlineGate({
  deadline,
  done,
  nav,
  children,
}: {
  deadline: DeadlineView;
  done: boolean;
  nav: ClosedNav;
  children: ReactNode;
}) {
  // A post answered by the closed survey (not a visit): that answer takes the focus (FormAnswer).
  const answer = useActionData();
  if (!deadline) return <>{children}</>;
  if (!deadline.closed) {
    return (
      <>
        <p className="survey-deadline">
          <strong>The survey closes on {deadline.text}.</strong>
        </p>
        {children}
      </>
    );
  }
  const text = `${deadline.message} ${done ? "" : "Your answers are shown below but can no longer be changed."}`;
  return (
    <ClosedSurvey.Provider value={nav}>
      {/* A submit refused because the survey closed meanwhile is answered here: in view, focused. */}
      {answer ? (
        <FormAnswer failure={{ error: text }} className="survey-closed-message" />
      ) : (
        <p role="alert" className="alert alert-error survey-closed-message">
          {text}
        </p>
      )}
      {children}
    </ClosedSurvey.Provider>
  );
}
