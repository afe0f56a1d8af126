import { Form } from "@remix-run/react";
import { EVENT_LIMITS } from "~/features/season/lib/event-settings";
import { OrganiserField } from "~/features/organiser/components/organiser-field";

export type EventFactsData = {
  name: string;
  shortName: string;
  expectedMin: number;
  expectedMax: number;
  chatUrl: string;
  /** CHAT_URL, used while the chat link is empty. */
  defaultChatUrl: string;
};

type Failure = { error?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

function Field({
  name,
  label,
  value,
  failure,
  ...input
}: {
  name: keyof Omit<EventFactsData, "defaultChatUrl">;
  label: string;
  value: string | number;
  failure?: Failure;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const error = failure?.fieldErrors?.[name];
  const id = `event-${name}`;
  return (
    <OrganiserField id={id} label={label} error={error}>
      {(aria) => (
        <input id={id} name={name} defaultValue={failure?.values?.[name] ?? value} {...aria} {...input} />
      )}
    </OrganiserField>
  );
}

/** Both ends of the expected group are a whole number of people. */
const PEOPLE = {
  type: "number",
  inputMode: "numeric",
  min: 1,
  max: EVENT_LIMITS.people,
  required: true,
} as const;

const FIELDS: {
  name: "name" | "shortName" | "expectedMin" | "expectedMax";
  label: string;
  input: Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "value">;
}[] = [
  {
    name: "name",
    label: "Name (after “the” in a sentence)",
    input: { required: true, maxLength: EVENT_LIMITS.name },
  },
  { name: "shortName", label: "Short name", input: { required: true, maxLength: EVENT_LIMITS.shortName } },
  { name: "expectedMin", label: "Expected at least (people)", input: PEOPLE },
  { name: "expectedMax", label: "Expected at most (people)", input: PEOPLE },
];

/** The event's facts every page reads: its name, short name, the expected group and the chat link. */
export function EventPanel({ event, failure }: { event: EventFactsData; failure?: Failure }) {
  return (
    <section className="card" aria-labelledby="event-heading">
      <h2 id="event-heading">The event</h2>
      <Form method="post" className="event-form">
        {FIELDS.map(({ name, label, input }) => (
          <Field key={name} name={name} label={label} value={event[name]} failure={failure} {...input} />
        ))}
        <Field
          name="chatUrl"
          label={`Chat link (empty: ${event.defaultChatUrl})`}
          value={event.chatUrl}
          failure={failure}
          type="url"
          maxLength={EVENT_LIMITS.chatUrl}
        />
        <button type="submit" name="intent" value="save-event" className="button">
          Save the event
        </button>
      </Form>
    </section>
  );
}
