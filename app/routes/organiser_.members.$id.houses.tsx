import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/features/organiser/components/confirm-delete";
import { deleteSuggestedHouses, memberStep, tidyMember } from "~/features/organiser/index.server";
import { housesGo, plural } from "~/features/organiser/lib/tidy-words";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Delete a member's houses") },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => memberStep(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) =>
  tidyMember(request, params.id, async (member) => {
    const deleted = await deleteSuggestedHouses(member.id);
    return `${plural(deleted, "house")} suggested by ${member.email} deleted, with their votes.`;
  });

export default function DeleteMemberHouses() {
  const { member, back } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <ConfirmDelete
      back={{ to: back, name: "People" }}
      error={failure?.error}
      title={`Delete every house suggested by ${member.name} <${member.email}>?`}
      goes={[...housesGo(member.houses), "Their account, survey and own votes stay"]}
      button="Delete these houses and their votes"
    />
  );
}
