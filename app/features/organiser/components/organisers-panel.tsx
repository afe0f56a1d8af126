import { Form } from "@remix-run/react";

export type OrganiserRow = {
  email: string;
  fromEnv: boolean;
  state: "confirmed" | "unconfirmed" | "no-account";
};

const STATE = {
  confirmed: "confirmed",
  unconfirmed: "waits to confirm the address",
  "no-account": "not registered yet",
};

/** Who organises: ADMIN_EMAILS and the addresses added here; add one, or remove an added one. */
export function OrganisersPanel({ organisers, typed }: { organisers: OrganiserRow[]; typed?: string }) {
  return (
    <section className="card" aria-labelledby="organisers-heading">
      <h2 id="organisers-heading">Organisers</h2>
      <ul className="organiser-list" aria-labelledby="organisers-heading">
        {organisers.map((entry) => (
          <li key={entry.email}>
            <span className="user-text">{entry.email}</span>{" "}
            <span className="muted">
              ({STATE[entry.state]}
              {entry.fromEnv ? "; in ADMIN_EMAILS" : ""})
            </span>
            {entry.fromEnv ? null : (
              <Form method="post" className="organiser-form">
                <input type="hidden" name="email" value={entry.email} />
                <button
                  type="submit"
                  name="intent"
                  value="remove-organiser"
                  className="button button-secondary"
                >
                  Remove<span className="visually-hidden"> {entry.email} as an organiser</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" className="event-form">
        <p className="event-field">
          <label htmlFor="organiser-email">Add an organiser (e-mail address)</label>
          <input
            id="organiser-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            defaultValue={typed}
          />
        </p>
        <p className="muted">They get the organiser pages once they have confirmed the address.</p>
        <button type="submit" name="intent" value="add-organiser" className="button">
          Add the organiser
        </button>
      </Form>
    </section>
  );
}
