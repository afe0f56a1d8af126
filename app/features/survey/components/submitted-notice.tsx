/**
 * Shown on every survey section once the member has submitted: saving a section updates the
 * submitted survey at once, so the member knows a change counts without submitting again.
 */
export function SubmittedNotice() {
  return (
    <p className="alert alert-info submitted-notice">
      Your survey is submitted. Every section you save updates it straight away, and the results show your
      changes at once.
    </p>
  );
}
