import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/features/organiser/components/confirm-delete";
import {
  deleteHouse,
  HOUSES_PAGE,
  backToOrganiser,
  listPageOf,
  houseToTidy,
  readConfirmation,
} from "~/features/organiser/index.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Delete a house") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return { house: await houseToTidy(request, params.id), back: listPageOf(request, HOUSES_PAGE) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const house = await houseToTidy(request, params.id);
  const { refusal } = await readConfirmation(request);
  if (refusal) return refusal;
  await deleteHouse(house.id);
  return backToOrganiser(
    listPageOf(request, HOUSES_PAGE),
    `${house.title} is deleted, with its ${house.votes} ${house.votes === 1 ? "vote" : "votes"}.`,
  );
}

export default function DeleteHouse() {
  const { house, back } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <ConfirmDelete
      back={{ to: back, name: "Houses" }}
      error={failure?.error}
      title={`Delete the house “${house.title}”?`}
      goes={[
        `The house ${house.title}, from the houses page and the CSV`,
        `Its ${house.votes} ${house.votes === 1 ? "vote" : "votes"}, and its photo`,
        ...(house.chosen ? ["The choice of this house for the event (no house will be chosen)"] : []),
      ]}
      button="Delete the house and its votes"
    />
  );
}
