import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/features/organiser/components/confirm-delete";
import {
  removeMember,
  deleteSuggestedHouses,
  PEOPLE_PAGE,
  backToOrganiser,
  listPageOf,
  memberToTidy,
  readConfirmation,
} from "~/features/organiser/index.server";
import { housesGo, leavingWords, plural } from "~/features/organiser/lib/tidy-words";
import { openBalanceOf } from "~/features/money/index.server";
import { isOrganiser, organiserAddresses } from "~/features/accounts/index.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { refuse } from "~/platform/services/refuse.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Delete an account") }];

const OWN_ACCOUNT = "This is your own account: an organiser cannot delete it here.";
// Organisers cannot remove each other (nor two of them each other at once); the list is the server's.
const ORGANISER_ACCOUNT =
  "This is an organiser's account: it cannot be deleted here. Remove them as an organiser on People first (or from ADMIN_EMAILS).";

/** Why this account may not be deleted from /organiser, if it may not. */
async function refusal(
  organiserId: number,
  member: { id: number; email: string; emailConfirmedAt: Date | null },
) {
  if (member.id === organiserId) return OWN_ACCOUNT;
  return (await isOrganiser(member)) ? ORGANISER_ACCOUNT : undefined;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organiser, member } = await memberToTidy(request, params.id);
  return {
    member,
    leaving: leavingWords("its", await openBalanceOf(member.id)),
    refused: (await refusal(organiser.id, member)) ?? null,
    back: listPageOf(request, PEOPLE_PAGE),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { organiser, member } = await memberToTidy(request, params.id);
  const read = await readConfirmation(request);
  if (read.refusal) return read.refusal;
  const refused = await refusal(organiser.id, member);
  if (refused) return refuse({ error: refused });
  const withHouses = read.form.houses === "delete";
  // The houses first: once the account is gone, nothing says who suggested them.
  const houses = withHouses ? await deleteSuggestedHouses(member.id) : 0;
  if (!(await removeMember(member.id, [...(await organiserAddresses())]))) {
    return refuse({ error: ORGANISER_ACCOUNT });
  }
  return backToOrganiser(
    listPageOf(request, PEOPLE_PAGE),
    `The account of ${member.email} is deleted${withHouses ? `, with ${plural(houses, "house")} it suggested` : ""}.`,
  );
}

export default function DeleteAccount() {
  const { member, leaving, refused, back } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <ConfirmDelete
      back={{ to: back, name: "People" }}
      title={`Delete the account of ${member.name} <${member.email}>?`}
      error={failure?.error}
      refused={refused ?? undefined}
      goes={[
        `The account ${member.email}: it can no longer log in`,
        `Its ${plural(member.sessions, "session")} (logged out everywhere)`,
        `Its ${plural(member.votes, "vote")} on houses`,
        member.survey ? "Its submitted survey" : "It has no submitted survey",
        ...(member.draft ? ["Its unsent survey draft"] : []),
        "How to pay them (their payment details), if they gave any",
        member.houses.list.length
          ? `The ${plural(member.houses.list.length, "house")} it suggested stay, unless you tick the box below`
          : "It suggested no houses",
      ]}
      stays={leaving}
      button="Delete the account"
    >
      {member.houses.list.length ? (
        <fieldset className="confirm-houses">
          <legend>Its houses</legend>
          <label>
            <input type="checkbox" name="houses" value="delete" /> Also delete the houses it suggested:
          </label>
          <ul>
            {housesGo(member.houses).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </ConfirmDelete>
  );
}
