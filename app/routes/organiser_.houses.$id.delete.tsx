import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/organiser/confirm-delete";
import { deleteHouse, houseFootprint } from "~/models/tidy.server";
import { setFlash } from "~/services/flash.server";
import { requireOrganiser } from "~/services/organiser.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Delete a house") }];

async function findHouse(id: string | undefined) {
  const house = /^\d{1,9}$/.test(id ?? "") ? await houseFootprint(Number(id)) : null;
  if (!house) throw new Response("House not found", { status: 404 });
  return house;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  return { house: await findHouse(params.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireOrganiser(request);
  const house = await findHouse(params.id);
  await deleteHouse(house.id);
  const message = `${house.title} is deleted, with its ${house.votes} ${house.votes === 1 ? "vote" : "votes"}.`;
  return redirect("/organiser", { headers: { "Set-Cookie": await setFlash({ message }) } });
}

export default function DeleteHouse() {
  const { house } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete
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
