import type { ReactNode } from "react";

export type DeadlineView = { text: string; closed: boolean; message: string | null } | null;

/**
 * The survey's deadline above its sections. Once it has passed, the sections stay readable but sit
 * in a disabled fieldset, so no field or button can be used (the server refuses the posts anyway).
 */
export function SurveyDeadlineGate({
  deadline,
  done,
  children,
}: {
  deadline: DeadlineView;
  done: boolean;
  children: ReactNode;
}) {
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
  return (
    <>
      <p role="alert" className="alert alert-error survey-closed-message">
        {deadline.message} {done ? "" : "Your answers are shown below but can no longer be changed."}
      </p>
      <fieldset disabled className="survey-closed" style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <legend className="visually-hidden">Your answers (read-only)</legend>
        {children}
      </fieldset>
    </>
  );
}
