import { FormAnswer } from "~/platform/components/form-answer";
import { Form } from "@remix-run/react";
import { PlainText } from "~/platform/components/plain-text";
import { OrganiserField } from "~/features/organiser/components/organiser-field";
import {
  PAGE_TEXT_MAX,
  PAGE_TEXT_NAMES,
  PAGE_TEXTS,
  type PageTextName,
} from "~/features/organiser/lib/page-texts";

type Failure = { fieldErrors?: Record<string, string>; values?: Record<string, string> };
type Texts = Record<PageTextName, string>;

const WHERE: Record<PageTextName, string> = {
  eventNotes: "/sgw25",
  about: "/about",
  pastEvents: "/past-events",
};

/**
 * The visitor pages' texts. Plain text: a blank line starts a paragraph, lines starting with "- " make a
 * list, http(s) addresses become links. Empty goes back to the default.
 */
export function TextsPanel({
  texts,
  custom,
  failure,
  preview,
}: {
  texts: Texts;
  custom: Record<PageTextName, boolean>;
  failure?: Failure;
  preview?: { preview: Texts; values: Texts };
}) {
  const kept = failure?.values ?? preview?.values;
  return (
    <section className="card" aria-labelledby="texts-heading">
      <h2 id="texts-heading">Texts</h2>
      <p className="muted">
        A blank line starts a paragraph; lines starting with “- ” make a list; web addresses become links.
        Leave a text empty to go back to the default.
      </p>
      {/* The answer to Preview: above the texts, so it lands in view (FormAnswer). */}
      {preview ? (
        <div className="texts-preview" aria-labelledby="texts-preview-heading">
          <h3 id="texts-preview-heading">Preview (not saved yet)</h3>
          <FormAnswer note="The preview is here, above the texts: nothing is saved until you press Save the texts." />
          {PAGE_TEXT_NAMES.map((name) => (
            <article key={name} className="card">
              <h4>{PAGE_TEXTS[name].label}</h4>
              <PlainText text={preview.preview[name]} />
            </article>
          ))}
        </div>
      ) : null}
      <Form method="post" className="event-form">
        {PAGE_TEXT_NAMES.map((name) => {
          const id = `text-${name}`;
          const label = `${PAGE_TEXTS[name].label} (${WHERE[name]}, ${custom[name] ? "your text" : "the default"})`;
          return (
            <OrganiserField key={name} id={id} label={label} error={failure?.fieldErrors?.[name]}>
              {(aria) => (
                <textarea
                  id={id}
                  name={name}
                  rows={8}
                  defaultValue={kept?.[name] ?? texts[name]}
                  {...aria}
                  // A little over the limit, so a paste is not cut silently: the server names the excess.
                  maxLength={PAGE_TEXT_MAX + 1000}
                />
              )}
            </OrganiserField>
          );
        })}
        <p className="texts-buttons">
          <button type="submit" name="intent" value="preview-texts" className="button button-secondary">
            Preview
          </button>
          <button type="submit" name="intent" value="save-texts" className="button">
            Save the texts
          </button>
        </p>
      </Form>
    </section>
  );
}
