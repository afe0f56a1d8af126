import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeletion } from "~/platform/components/confirm-deletion";
import { useActionResult } from "~/platform/components/submit-failure";
import { env } from "~/platform/env.server";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { pageTitle } from "~/platform/lib/page-title";
import { setFlash } from "~/platform/services/flash.server";
import { refuse } from "~/platform/services/refuse.server";
import { logout, requireUser } from "~/platform/services/session.server";
import { isOrganiser } from "~/features/accounts/index.server";
import { ORGANISER_KEEPS_ACCOUNT } from "~/features/accounts/lib/own-account";
import { removeMember, memberFootprint } from "~/features/organiser/index.server";
import { openBalanceOf } from "~/features/money/index.server";
import { leavingWords, plural } from "~/features/organiser/lib/tidy-words";
import styles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Delete your account") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const footprint = await memberFootprint(user.id);
  if (!footprint) throw redirect("/");
  return {
    email: footprint.email,
    goes: [
      `Your account ${footprint.email}: it can no longer sign in`,
      `Your ${plural(footprint.sessions, "session")} (logged out everywhere) and the links in mails sent to you`,
      `Your ${plural(footprint.votes, "vote")} on houses`,
      "Your surveys of every edition",
      "How to pay you (the payment details on your account), if you gave any",
      ...(footprint.draft ? ["Your unsent survey draft"] : []),
      footprint.houses.list.length
        ? `The ${plural(footprint.houses.list.length, "house")} you suggested stay for the others`
        : "You suggested no houses",
    ],
    stays: leavingWords("your", await openBalanceOf(user.id)),
    refused: (await isOrganiser(user)) ? ORGANISER_KEEPS_ACCOUNT : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if ((await isOrganiser(user)) || !(await removeMember(user.id, env().adminEmails))) {
    return refuse({ error: ORGANISER_KEEPS_ACCOUNT });
  }
  // The sessions went with the account; the cookie is cleared on the way out.
  const response = await logout(request, "/auth");
  response.headers.append("Set-Cookie", await setFlash({ message: "Your account is deleted." }));
  return response;
}

export default function DeleteOwnAccount() {
  const { goes, stays, refused } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionResult<typeof action>());
  return (
    <ConfirmDeletion
      headingId="delete-heading"
      className="card account account-delete"
      formClassName="actions"
      title="Delete your account?"
      refusedTitle="Your account stays"
      goes={goes}
      stays={stays}
      button="Delete my account"
      error={failure?.error}
      refused={refused ?? undefined}
      back={{ to: "/account", name: "your account" }}
    />
  );
}
