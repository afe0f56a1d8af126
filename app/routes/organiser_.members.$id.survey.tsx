import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/features/organiser/components/confirm-delete";
import { removeSurvey, memberStep, tidyMember } from "~/features/organiser/index.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Remove a survey") }];

export const loader = ({ request, params }: LoaderFunctionArgs) => memberStep(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) =>
  tidyMember(request, params.id, async (member) =>
    (await removeSurvey(member.id))
      ? `The survey of ${member.email} is removed.`
      : `${member.email} has no survey.`,
  );

export default function RemoveSurvey() {
  const { member, back } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <ConfirmDelete
      back={{ to: back, name: "People" }}
      error={failure?.error}
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
