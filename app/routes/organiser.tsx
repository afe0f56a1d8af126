import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HeadcountPanel } from "~/features/organiser/components/headcount-panel";
import { OrganiserFrame } from "~/features/organiser/components/organiser-frame";
import { env } from "~/platform/env.server";
import { formatDeadline, isSurveyClosed } from "~/platform/lib/deadline";
import { getSurveyDeadline } from "~/features/season/index.server";
import { listMemberSurveyStatus } from "~/features/results/index.server";
import {
  requireOrganiserPage,
  getDecision,
  getFirstSteps,
  getHeadcount,
} from "~/features/organiser/index.server";
import { FirstSteps } from "~/features/organiser/components/first-steps";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { HYDRATE } from "~/platform/lib/hydration";
import { backupState, lastBackupTaken } from "~/platform/services/backup.server";
import { databaseSchema, runningVersion } from "~/platform/services/version.server";

// With JavaScript, a refusal keeps the page where it was: the message takes the focus (PageMessage).
export const handle = HYDRATE;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Organiser") }];

export const loader = ({ request }: LoaderFunctionArgs) => requireOrganiserPage(request, overview);

async function overview() {
  const now = new Date();
  const [members, deadline, decision, headcount, backup, backups, schema, steps] = await Promise.all([
    listMemberSurveyStatus(),
    getSurveyDeadline(),
    getDecision(),
    getHeadcount(),
    lastBackupTaken(),
    backupState(now),
    databaseSchema(),
    getFirstSteps(now),
  ]);
  const zone = env().eventTimeZone;
  const submitted = members.filter((member) => member.submitted).length;
  return {
    steps,
    survey: { submitted, waiting: members.length - submitted },
    deadline: deadline
      ? `${isSurveyClosed(deadline, now) ? "The survey closed on" : "The survey closes on"} ${formatDeadline(deadline, zone)}.`
      : "No deadline is set: the survey stays open.",
    decision: {
      when: decision.weekend ?? `Not chosen yet (planned: ${decision.planned})`,
      where: decision.house ?? "No house chosen yet",
      season: decision.season,
    },
    headcount,
    backup: backup
      ? `Last backup: ${formatDeadline(backup.at, zone)}, ${backup.file}`
      : `No backup yet: the server takes one every night into ${env().backupDir}.`,
    backupProblem: backups.problem,
    running: { version: runningVersion(), schema },
  };
}

export default function Organiser() {
  const { flash, steps, survey, deadline, decision, headcount, backup, backupProblem, running } =
    useLoaderData<typeof loader>();
  return (
    <OrganiserFrame title="Organiser" flash={flash}>
      {backupProblem ? (
        <p role="alert" className="alert alert-error">
          Backups are failing: {backupProblem}
        </p>
      ) : null}
      {steps ? <FirstSteps steps={steps} /> : null}
      <section className="card" aria-labelledby="overview-heading">
        <h2 id="overview-heading">Where the season stands</h2>
        <p>{decision.season}</p>
        <dl className="event-decision">
          <dt>When</dt>
          <dd>{decision.when}</dd>
          <dt>Where</dt>
          <dd className="user-text">{decision.where}</dd>
          <dt>Survey</dt>
          <dd>
            {survey.submitted} submitted, {survey.waiting} not yet. {deadline}
          </dd>
        </dl>
        <p>
          <Link to="/organiser/decide">Decide the weekend and the house</Link>
        </p>
        <p>
          <Link to="/organiser/people">Who has answered, the deadline, reminders and invitations</Link>
        </p>
      </section>
      <section className="card" aria-labelledby="downloads-heading">
        <h2 id="downloads-heading">Downloads</h2>
        <ul className="download-links">
          <li>
            <a href="/organiser/surveys.csv" download>
              Download the complete survey table (CSV)
            </a>
          </li>
          <li>
            <a href="/organiser/houses.csv" download>
              Download the houses with their votes (CSV)
            </a>
          </li>
          <li>
            <a href="/organiser/headcount.csv" download>
              Download the headcount (CSV)
            </a>
          </li>
          <li>
            <a href="/organiser/backup" download>
              Download a backup
            </a>{" "}
            (every member&rsquo;s data: keep it private)
          </li>
        </ul>
        <p className="user-text">{backup}</p>
      </section>
      <section className="card" aria-labelledby="running-heading">
        <h2 id="running-heading">What is running</h2>
        <dl className="event-decision">
          <dt>Version</dt>
          <dd>{running.version}</dd>
          <dt>Database schema</dt>
          <dd>{running.schema}</dd>
        </dl>
      </section>
      <HeadcountPanel headcount={headcount} />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
