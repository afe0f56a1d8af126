import { Form } from "@remix-run/react";
import { FormAnswer } from "~/platform/components/form-answer";
import type { FormFailure } from "~/platform/lib/form-failure";
import { NOTE_LIMIT } from "~/features/trip/lib/items";
import { Field } from "~/features/trip/components/form-bits";

type Note = { name: string; label: string; value: string };

/** The practical notes, for those on the trip; the organiser's form below them. */
export function NotesSection({
  notes,
  organiser,
  failure,
}: {
  notes: Note[];
  organiser: boolean;
  failure?: FormFailure<Record<string, string>>;
}) {
  const written = notes.filter((note) => note.value);
  return (
    <>
      {written.length ? (
        <dl className="event-decision trip-notes">
          {written.map((note) => (
            <div key={note.name} className="trip-note">
              <dt>{note.label}</dt>
              <dd className="user-text">{note.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">No notes yet.</p>
      )}
      {organiser ? (
        <details open={Boolean(failure)}>
          <summary>Edit the notes</summary>
          <Form method="post">
            <FormAnswer failure={failure} />
            {notes.map((note) => (
              <Field
                key={note.name}
                id={`note-${note.name}`}
                label={note.label}
                error={failure?.fieldErrors?.[note.name]}
              >
                {(props) => (
                  <textarea
                    {...props}
                    name={note.name}
                    rows={2}
                    maxLength={NOTE_LIMIT}
                    defaultValue={failure?.values?.[note.name] ?? note.value}
                  />
                )}
              </Field>
            ))}
            <button type="submit" name="intent" value="notes" className="button">
              Save the notes
            </button>
          </Form>
        </details>
      ) : null}
    </>
  );
}
