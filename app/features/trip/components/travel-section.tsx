import { Form } from "@remix-run/react";
import { FormAnswer } from "~/platform/components/form-answer";
import type { FormFailure } from "~/platform/lib/form-failure";
import { HOW_LABELS, HOWS, PARTS, TRAVEL_LIMITS, type TravelValues } from "~/features/trip/lib/travel";
import { Field, IntentButton } from "~/features/trip/components/form-bits";

type Page = {
  days: { value: string; label: string }[];
  myTravel: (Omit<TravelValues, "seats"> & { seats: number }) | null;
  drivers: {
    userId: number;
    name: string;
    from: string;
    arrives: string;
    seats: number;
    free: number;
    riders: string[];
  }[];
  needRide: { name: string; from: string; arrives: string }[];
  airports: { airport: string; arrivals: { name: string; when: string }[] }[];
  others: { name: string; arrives: string }[];
  myRide: { id: number; driver: string; status: string } | null;
  declinedBy: string[];
  requests: { id: number; rider: string }[];
  me: number;
};

function TravelForm({ page, failure }: { page: Page; failure?: FormFailure<TravelValues> }) {
  const mine = page.myTravel;
  const values: TravelValues = failure?.values ?? {
    arrivalDay: mine?.arrivalDay ?? page.days[3]?.value ?? "",
    arrivalPart: mine?.arrivalPart ?? "afternoon",
    arrivalTime: mine?.arrivalTime ?? "",
    departureDay: mine?.departureDay ?? page.days.at(-4)?.value ?? "",
    departurePart: mine?.departurePart ?? "morning",
    departureTime: mine?.departureTime ?? "",
    fromPlace: mine?.fromPlace ?? "",
    how: mine?.how ?? "driving",
    seats: mine ? String(mine.seats) : "0",
    airport: mine?.airport ?? "",
  };
  const errors = failure?.fieldErrors ?? {};
  const when = (which: "arrival" | "departure", label: string) => (
    <fieldset className="trip-when">
      <legend>{label}</legend>
      <Field id={`${which}-day`} label="Day" error={errors[`${which}Day`]}>
        {(props) => (
          <select {...props} name={`${which}Day`} defaultValue={values[`${which}Day`]}>
            {page.days.map((day) => (
              <option key={day.value} value={day.value}>
                {day.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${which}-part`} label="Time of day" error={errors[`${which}Part`]}>
        {(props) => (
          <select {...props} name={`${which}Part`} defaultValue={values[`${which}Part`]}>
            {PARTS.map((part) => (
              <option key={part} value={part}>
                {part === "time" ? "At a time (below)" : part[0].toUpperCase() + part.slice(1)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${which}-time`} label="Time (HH:MM)" error={errors[`${which}Time`]}>
        {(props) => (
          <input
            {...props}
            name={`${which}Time`}
            type="text"
            inputMode="numeric"
            placeholder="18:30"
            maxLength={5}
            defaultValue={values[`${which}Time`]}
          />
        )}
      </Field>
    </fieldset>
  );
  return (
    <Form method="post" className="trip-form" aria-labelledby="my-travel-heading">
      <h3 id="my-travel-heading">Your arrival and departure</h3>
      <FormAnswer failure={failure} />
      {when("arrival", "Arrival")}
      {when("departure", "Departure")}
      <Field id="from-place" label="Coming from" error={errors.fromPlace}>
        {(props) => (
          <input
            {...props}
            name="fromPlace"
            type="text"
            maxLength={TRAVEL_LIMITS.from}
            defaultValue={values.fromPlace}
          />
        )}
      </Field>
      <Field id="how" label="How" error={errors.how}>
        {(props) => (
          <select {...props} name="how" defaultValue={values.how}>
            {HOWS.map((how) => (
              <option key={how} value={how}>
                {HOW_LABELS[how]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="seats" label="Free seats (when driving)" error={errors.seats}>
        {(props) => (
          <input
            {...props}
            name="seats"
            type="number"
            min={0}
            max={TRAVEL_LIMITS.maxSeats}
            step={1}
            defaultValue={values.seats}
          />
        )}
      </Field>
      <Field id="airport" label="Airport (when flying)" error={errors.airport}>
        {(props) => (
          <input
            {...props}
            name="airport"
            type="text"
            maxLength={TRAVEL_LIMITS.airport}
            defaultValue={values.airport}
          />
        )}
      </Field>
      <button type="submit" name="intent" value="travel" className="button">
        Save my travel
      </button>
    </Form>
  );
}

export function TravelSection({
  page,
  failure,
  ridesFailure,
}: {
  page: Page;
  failure?: FormFailure<TravelValues>;
  ridesFailure?: FormFailure<unknown>;
}) {
  const canAsk = page.myTravel?.how === "ride" && !page.myRide;
  return (
    <>
      <TravelForm page={page} failure={failure} />
      <FormAnswer failure={ridesFailure} />
      {page.myRide ? (
        <div className="user-text">
          <p>
            {page.myRide.status === "accepted"
              ? `You ride with ${page.myRide.driver}.`
              : `You asked ${page.myRide.driver} for a seat; no answer yet.`}
          </p>
          <IntentButton intent="withdraw-ride" answersAt="rides" label="Withdraw my request" secondary />
        </div>
      ) : null}
      {page.declinedBy.length ? (
        <p className="user-text muted">No seat with: {page.declinedBy.join(", ")}.</p>
      ) : null}
      {page.requests.length ? (
        <>
          <h3>Asking you for a seat</h3>
          <ul className="trip-list">
            {page.requests.map((request) => (
              <li key={request.id} className="user-text">
                {request.rider}{" "}
                <IntentButton
                  intent="answer-ride"
                  answersAt="rides"
                  label="Accept"
                  fields={{ id: request.id, answer: "accept" }}
                  accessibleName={`Accept ${request.rider}`}
                />{" "}
                <IntentButton
                  intent="answer-ride"
                  answersAt="rides"
                  label="Decline"
                  fields={{ id: request.id, answer: "decline" }}
                  secondary
                  accessibleName={`Decline ${request.rider}`}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>Drivers</h3>
      {page.drivers.length ? (
        <ul className="trip-list">
          {page.drivers.map((driver) => (
            <li key={driver.userId} className="user-text">
              <strong>{driver.name}</strong>
              {driver.from ? ` from ${driver.from}` : ""}, arrives {driver.arrives}: {driver.free} of{" "}
              {driver.seats} seats free
              {driver.riders.length ? `; with ${driver.riders.join(", ")}` : ""}
              {canAsk && driver.free > 0 && driver.userId !== page.me ? (
                <>
                  {" "}
                  <IntentButton
                    intent="ask-ride"
                    answersAt="rides"
                    label="Ask for a seat"
                    fields={{ driverId: driver.userId }}
                    accessibleName={`Ask ${driver.name} for a seat`}
                  />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nobody drives yet.</p>
      )}
      <h3>Need a ride</h3>
      {page.needRide.length ? (
        <ul className="trip-list">
          {page.needRide.map((row) => (
            <li key={row.name} className="user-text">
              {row.name}
              {row.from ? ` from ${row.from}` : ""}, arrives {row.arrives}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nobody is waiting for a ride.</p>
      )}
      <h3>Flying in</h3>
      {page.airports.length ? (
        page.airports.map((group) => (
          <div key={group.airport} className="user-text">
            <h4>{group.airport}</h4>
            <ul className="trip-list">
              {group.arrivals.map((row) => (
                <li key={row.name}>
                  {row.when}: {row.name}
                </li>
              ))}
            </ul>
          </div>
        ))
      ) : (
        <p className="muted">Nobody flies in yet.</p>
      )}
      {page.others.length ? (
        <>
          <h3>Coming another way</h3>
          <ul className="trip-list">
            {page.others.map((row) => (
              <li key={row.name} className="user-text">
                {row.name}, arrives {row.arrives}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
