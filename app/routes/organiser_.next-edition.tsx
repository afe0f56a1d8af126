import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EVENT_LIMITS } from "~/features/season/lib/event-settings";
import type { FormFailure } from "~/platform/lib/form-failure";
import { previousHouseLabel } from "~/features/houses/lib/house-rules";
import { windowDates, windowsSpan } from "~/features/season/lib/editions";
import { setFlash } from "~/platform/services/flash.server";
import { nextEditionPlan, startNextEdition } from "~/features/organiser/index.server";
import { moneyStillOpen } from "~/features/money/index.server";
import { requireOrganiser } from "~/features/accounts/index.server";
import { OrganiserNav, PageMessage } from "~/features/organiser/components/organiser-frame";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure } from "~/platform/components/submit-failure";
import { anyFields, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";

// With JavaScript, a refusal keeps the page where it was: the message takes the focus (PageMessage).
export const handle = HYDRATE;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Start the next edition") }];

const NAME_LIMIT = EVENT_LIMITS.shortName;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  const [plan, money] = await Promise.all([nextEditionPlan(), moneyStillOpen()]);
  return { ...plan, money };
}

type Values = { name: string; plannedWeekend: string };

// With JavaScript, a post that never arrives (or a 5xx) keeps the page and everything typed in it,
// and the message says so (submit-failure.ts); the next press sends it again.
export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  await requireOrganiser(request);
  const read = await readForm(request, anyFields, { keep: ["name", "plannedWeekend"] });
  if (!read.ok) return refuse(read.failure);
  const { values } = read;
  const plan = await nextEditionPlan();
  const fromId = Number(read.data.fromId);
  if (fromId !== plan.fromId) {
    // Started already (a double click, another organiser): exactly one roll-over happened.
    const message = `The next edition has already started: ${plan.current.name} is the current one.`;
    return redirect("/organiser", { headers: { "Set-Cookie": await setFlash({ message }) } });
  }
  const fieldErrors: Record<string, string> = {};
  if (!values.name) fieldErrors.name = "Enter a short name for the new edition.";
  else if (values.name.length > NAME_LIMIT)
    fieldErrors.name = `The short name must be at most ${NAME_LIMIT} characters.`;
  if (!plan.windows.includes(values.plannedWeekend))
    fieldErrors.plannedWeekend = `Choose one of the ${plan.year} weekends.`;
  if (Object.keys(fieldErrors).length)
    return refuse<Values>({ error: "Check the form.", fieldErrors, values });

  const outcome = await startNextEdition({ fromId, ...values });
  const message = outcome.started
    ? `${outcome.name} has started. ${plan.current.name} is in the archive on Past Events.`
    : outcome.error;
  return redirect("/organiser", { headers: { "Set-Cookie": await setFlash({ message }) } });
}

export default function NextEdition() {
  const plan = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as FormFailure<Values> | undefined;
  const values = failure?.values ?? { name: plan.name, plannedWeekend: plan.plannedWeekend };
  const errors = failure?.fieldErrors ?? {};
  return (
    <section className="card" aria-labelledby="next-edition-heading">
      <h1 id="next-edition-heading">Start the next edition</h1>
      <OrganiserNav />
      <PageMessage error={failure?.error} />
      <Unfinished plan={plan} />
      <p>Starting {plan.year}&apos;s edition does this, at once and for everyone:</p>
      <ul>
        <li>
          {plan.current.name} ({plan.current.year}) closes. Its results, Who&apos;s Coming and Best Weekends
          stay readable, as they are now, on <Link to="/past-events">Past Events</Link>; nothing in it can
          change any more.
        </li>
        <li>
          {plan.chosenHouse
            ? `The chosen house, ${plan.chosenHouse}, becomes a previous house: ${previousHouseLabel(plan.current.year)}.`
            : "No house is chosen, so none becomes a previous house."}
        </li>
        <li>
          {plan.leavingPlay === 1 ? "1 other house leaves" : `${plan.leavingPlay} other houses leave`} play;
          you can bring any of them back on the organiser's Houses page.
        </li>
        <li>
          The new edition starts planned: its weekend is a proposal, and no page calls it decided until you
          choose the weekend and the house on Decide.
        </li>
        <li>
          Votes, the survey deadline and reminders start empty. The survey asks about{" "}
          {plan.surveyWindows.length} weekends,{" "}
          {windowsSpan(plan.surveyWindows[0], plan.surveyWindows.at(-1)!, plan.year)}.
        </li>
        <li>
          Members keep their accounts. Their new survey starts from their last name, shirt sizes, countries,
          sober and room-sharing answers; nothing is submitted for them.
        </li>
      </ul>
      <Form method="post">
        <input type="hidden" name="fromId" value={plan.fromId} />
        <div className="field">
          <label htmlFor="next-name">Short name</label>
          <input
            id="next-name"
            name="name"
            type="text"
            defaultValue={values.name}
            maxLength={NAME_LIMIT}
            required
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? "next-name-error" : undefined}
          />
          {errors.name ? (
            <p id="next-name-error" className="field-error">
              {errors.name}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="next-weekend">Planned weekend</label>
          <select
            id="next-weekend"
            name="plannedWeekend"
            defaultValue={values.plannedWeekend}
            aria-invalid={errors.plannedWeekend ? true : undefined}
            aria-describedby={
              errors.plannedWeekend ? "next-weekend-hint next-weekend-error" : "next-weekend-hint"
            }
          >
            {plan.windows.map((label) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </select>
          <p id="next-weekend-hint" className="field-note">
            Only weekends still ahead are offered.
          </p>
          {errors.plannedWeekend ? (
            <p id="next-weekend-error" className="field-error">
              {errors.plannedWeekend}
            </p>
          ) : null}
        </div>
        <p className="choices">
          <button type="submit" className="button">
            Start the next edition
          </button>
          <Link to="/organiser" className="button button-secondary">
            Cancel
          </Link>
        </p>
      </Form>
    </section>
  );
}

const people = (n: number) => (n === 1 ? "1 person has" : `${n} people have`);
const payments = (n: number) => (n === 1 ? "1 payment waits" : `${n} payments wait`);

/**
 * Before a roll-over that closes an edition whose weekend is still ahead (or under way), or whose money
 * is still open, the page says so in words first: nothing stops the organiser, but nothing is a surprise.
 */
function Unfinished({ plan }: { plan: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { unheld, money, current } = plan;
  const open = money.unsettled > 0 || money.waiting > 0;
  if (!unheld && !open) return null;
  const weekend = unheld ? windowDates(unheld.weekend, current.year) : "";
  return (
    <div className="alert alert-info" id="next-edition-warning">
      <p>
        <strong>Before you start:</strong>
      </p>
      <ul>
        {unheld ? (
          <li>
            {unheld.now
              ? `${current.name}'s weekend (${weekend}) is happening now.`
              : `${current.name}'s weekend (${weekend}) has not happened yet.`}{" "}
            Starting the next edition closes it: its trip plan stops changing, and its archive says who said
            they would come, not who came.
          </li>
        ) : null}
        {open ? (
          <li>
            {current.name}&apos;s money is still open:{" "}
            {[
              money.unsettled > 0 ? `${people(money.unsettled)} a balance to settle` : "",
              money.waiting > 0 ? `${payments(money.waiting)} to be confirmed` : "",
            ]
              .filter(Boolean)
              .join(", and ")}
            . Once the next edition starts, {current.name}&apos;s money can only be read: no payment can be
            recorded or confirmed.
          </li>
        ) : null}
      </ul>
    </div>
  );
}
