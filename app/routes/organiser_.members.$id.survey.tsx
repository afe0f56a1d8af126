import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/organiser/confirm-delete";
import { findMember } from "~/services/organiser-tidy.server";
import { removeSurvey } from "~/models/tidy.server";
import { setFlash } from "~/services/flash.server";
import { requireOrganiser } from "~/services/organiser.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Remove a survey") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  return { member: await findMember(params.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireOrganiser(request);
  const member = await findMember(params.id);
  const removed = await removeSurvey(member.id);
  const message = removed ? `The survey of ${member.email} is removed.` : `${member.email} has no survey.`;
  return redirect("/organiser", { headers: { "Set-Cookie": await setFlash({ message }) } });
}

export default function RemoveSurvey() {
  const { member } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete
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
