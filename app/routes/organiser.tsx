import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { DeadlinePanel } from "~/features/organiser/components/deadline-panel";
import { AnnouncePanel } from "~/features/organiser/components/announce-panel";
import { DecisionPanel } from "~/features/organiser/components/decision-panel";
import { EventPanel } from "~/features/organiser/components/event-panel";
import { HeadcountPanel } from "~/features/organiser/components/headcount-panel";
import { InvitePanel } from "~/features/organiser/components/invite-panel";
import { HouseTable } from "~/features/organiser/components/house-table";
import { NextEditionPanel } from "~/features/organiser/components/next-edition-panel";
import { ReminderPanel } from "~/features/organiser/components/reminder-panel";
import { SurveyStatus } from "~/features/organiser/components/survey-status";
import { env } from "~/platform/env.server";
import {
  deadlineInputValues,
  formatDeadline,
  formatShortTime,
  isSurveyClosed,
} from "~/platform/lib/deadline";
import { houseControlPatch, organiserHouseFormSchema as houseForm } from "~/features/houses/lib/house-schema";
import { ORGANISERS_ONLY } from "~/platform/lib/login-url";
import {
  getChosenHouseId,
  getSurveyDeadline,
  setChosenHouseId,
  setSurveyDeadline,
} from "~/features/event/models/event-settings.server";
import {
  countHousesBySuggester,
  getHouse,
  listHouses,
  updateHouse,
} from "~/features/houses/models/house.server";
import { listMemberSurveyStatus } from "~/features/event/models/plan.server";
import { getVoteCounts } from "~/features/houses/models/vote.server";
import { readFlash, setFlash } from "~/platform/services/flash.server";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { houseChangeRefusal } from "~/features/event/services/event-plan.server";
import { requireOrganiser } from "~/features/accounts/services/organiser.server";
import { closeSurveyNow, setDeadlineFromForm } from "~/features/survey/services/survey-deadline.server";
import { eventAction, getOrganiserEvent } from "~/features/organiser/services/organiser-event.server";
import {
  getReminderStatus,
  retryFailedReminders,
  sendSurveyReminders,
} from "~/features/organiser/services/reminders.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Organiser") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  const zone = env().eventTimeZone;
  const now = new Date();
  const [members, houses, suggested, counts, chosenId, deadline, reminder, plan, { flash, setCookie }] =
    await Promise.all([
      listMemberSurveyStatus(),
      listHouses(),
      countHousesBySuggester(),
      getVoteCounts(),
      getChosenHouseId(),
      getSurveyDeadline(),
      getReminderStatus(now),
      getOrganiserEvent(now),
      readFlash(request),
    ]);
  return data(
    {
      flash: flash?.message ?? null,
      members: members.map((member) => ({
        ...member,
        submittedAt: member.submittedAt ? formatShortTime(member.submittedAt, zone) : null,
        houses: suggested[member.id] ?? 0,
      })),
      houses,
      counts,
      chosenId,
      deadline: {
        zone,
        text: deadline ? formatDeadline(deadline, zone) : null,
        closed: isSurveyClosed(deadline, now),
        ...(deadline ? deadlineInputValues(deadline, zone) : { date: "", time: "" }),
      },
      reminder,
      ...plan,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

type Panel = "event" | "decision" | "announce" | "invite" | "deadline" | "reminder" | "houses";

const done = async (message: string, hash = "") =>
  redirect(`/organiser${hash}`, { headers: { "Set-Cookie": await setFlash({ message }) } });

export async function action({ request }: ActionFunctionArgs) {
  const organiser = await requireOrganiser(request);
  const form = Object.fromEntries(await request.formData());
  const handled = await eventAction(form, organiser.id);
  if (handled) return handled;
  const refuse = (panel: Panel, error: string, status = 400) =>
    data<FormFailure>({ error, form: panel }, { status });

  if (form.intent === "set-deadline") {
    const outcome = await setDeadlineFromForm(String(form.date ?? ""), String(form.time ?? ""));
    if ("error" in outcome) return refuse("deadline", outcome.error);
    return done(`Deadline set: ${outcome.text}.`);
  }
  if (form.intent === "close-now") return done(await closeSurveyNow());
  if (form.intent === "clear-deadline") {
    await setSurveyDeadline(null);
    return done("The deadline is cleared: the survey is open.");
  }
  if (form.intent === "send-reminder" || form.intent === "retry-reminder") {
    const retry = form.intent === "retry-reminder";
    const outcome = await (retry ? retryFailedReminders() : sendSurveyReminders());
    if (!outcome.ok) return refuse("reminder", outcome.error, 409);
    const failed = outcome.failed
      ? ` ${outcome.failed} could not be sent: "Send again" retries those alone.`
      : "";
    const members = `${outcome.sent} ${outcome.sent === 1 ? "member" : "members"}`;
    return done(`Reminder ${retry ? "sent again" : "sent"} to ${members}.${failed}`);
  }

  const parsed = houseForm.safeParse(form);
  if (!parsed.success) return refuse("houses", "Unknown request");
  const { houseId, intent } = parsed.data;
  const house = await getHouse(houseId);
  if (!house) return refuse("houses", "House not found", 404);
  const refusal = await houseChangeRefusal(house, {
    choose: intent === "choose",
    in_play: intent === "out-of-play" ? false : undefined,
  });
  if (refusal) return refuse("houses", refusal, 409);
  if (intent === "choose" || intent === "unchoose") {
    await setChosenHouseId(intent === "choose" ? houseId : null);
    return done(intent === "choose" ? `${house.title} is the chosen house.` : "No house is chosen.");
  }
  const patch = houseControlPatch({ houseId, intent, year: parsed.data.year });
  if (!patch.success) return refuse("houses", `${house.title}: ${patch.error.issues[0].message}`);
  await updateHouse(houseId, patch.data);
  return done(`${house.title} is updated.`, `#organiser-house-${houseId}`);
}

export default function Organiser() {
  const {
    flash,
    members,
    houses,
    counts,
    chosenId,
    deadline,
    reminder,
    event,
    decision,
    announce,
    headcount,
    invite,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errorFor = (panel: Panel) => failureFor<FormFailure>(actionData, panel)?.error;
  return (
    <>
      <section className="card">
        <h1>Organiser</h1>
        {flash ? (
          <p role="status" className="alert alert-success user-text">
            {flash}
          </p>
        ) : null}
        <p>
          <a href="/organiser/surveys.csv" download>
            Download the complete survey table (CSV)
          </a>
        </p>
      </section>
      {/* Below the first screen a phone lays out each panel only as it nears it (features.css). */}
      <div className="organiser-panels">
        <DecisionPanel decision={decision} error={errorFor("decision")} />
        <AnnouncePanel announce={announce} error={errorFor("announce")} />
        <HeadcountPanel headcount={headcount} />
        <SurveyStatus members={members} />
        <DeadlinePanel deadline={deadline} error={errorFor("deadline")} />
        <ReminderPanel reminder={reminder} error={errorFor("reminder")} />
        <InvitePanel invite={invite} error={errorFor("invite")} />
        {errorFor("houses") ? (
          <p role="alert" className="alert alert-error">
            {errorFor("houses")}
          </p>
        ) : null}
        <HouseTable
          houses={houses}
          counts={counts}
          chosenId={chosenId}
          expected={event}
          shortName={event.shortName}
        />
        <EventPanel event={event} failure={failureFor<FormFailure>(actionData, "event")} />
        <NextEditionPanel />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  if (!forbidden) throw error;
  return (
    <section className="card" role="alert">
      <h1>Organiser</h1>
      <p>{ORGANISERS_ONLY}</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
