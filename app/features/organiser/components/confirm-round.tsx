import { useEffect, useRef } from "react";
import { Form, Link } from "@remix-run/react";

export type MailPreview = { subject: string; text: string };

/**
 * The second step of every mail round: to whom, the mail as it will read, then one button that sends
 * it, or Cancel. A plain form: nothing goes out before this page's button.
 */
export function ConfirmRound({
  title,
  groups,
  preview,
  intent,
  button,
  cancel,
  hidden = {},
}: {
  title: string;
  /** The recipients, in groups counted apart (e.g. members, invited addresses). */
  groups: Array<{ label: string; entries: string[] }>;
  preview: MailPreview;
  intent: string;
  button: string;
  cancel: string;
  hidden?: Record<string, string>;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript the step replaces the page where it was scrolled: it takes the focus.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card confirm-round" aria-labelledby="confirm-round-heading">
      <h2 id="confirm-round-heading" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {groups.map((group, index) => (
        <div key={group.label}>
          <h3 id={`confirm-round-${index}`}>
            {group.label} ({group.entries.length})
          </h3>
          {group.entries.length ? (
            <ul aria-labelledby={`confirm-round-${index}`} className="recipient-list user-text">
              {group.entries.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">Nobody.</p>
          )}
        </div>
      ))}
      <h3 id="confirm-round-mail">The mail</h3>
      <p>
        <strong>Subject:</strong> <span className="user-text">{preview.subject}</span>
      </p>
      <pre className="mail-preview user-text" aria-labelledby="confirm-round-mail">
        {preview.text}
      </pre>
      <Form method="post" className="form-actions">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="intent" value={intent} className="button">
          {button}
        </button>
      </Form>
      {/* A line of its own: never read as part of the button's row. */}
      <p>
        <Link to={cancel}>Cancel: nothing is sent</Link>
      </p>
    </section>
  );
}
