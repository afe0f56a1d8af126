import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/features/organiser/components/confirm-delete";
import {
  removeSurvey,
  PEOPLE_PAGE,
  backToOrganiser,
  listPageOf,
  memberToTidy,
} from "~/features/organiser/index.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Remove a survey") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await memberToTidy(request, params.id);
  return { member, back: listPageOf(request, PEOPLE_PAGE) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await memberToTidy(request, params.id);
  const removed = await removeSurvey(member.id);
  return backToOrganiser(
    listPageOf(request, PEOPLE_PAGE),
    removed ? `The survey of ${member.email} is removed.` : `${member.email} has no survey.`,
  );
}

export default function RemoveSurvey() {
  const { member, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete
      back={{ to: back, name: "People" }}
      title={`Remove the survey of ${member.name} <${member.email}>?`}
      goes={[
        member.survey
          ? `Their submitted survey (attending: ${member.survey.attending || "Not answered"}), from every table, chart and CSV`
          : "They have no submitted survey",
        ...(member.draft ? ["Their unsent survey draft"] : []),
        "Their account, sessions and votes stay",
      ]}
      button="Remove the survey"
    />
  );
}
