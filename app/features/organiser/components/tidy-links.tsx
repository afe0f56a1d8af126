import { Link } from "@remix-run/react";

/** A step's address that remembers the list's page and search it was opened from (`back`). */
function withBack(to: string, back: string | undefined) {
  return back && back.includes("?") ? `${to}?${new URLSearchParams({ back })}` : to;
}

/** Links to a house's edit page and to its deletion's confirmation step. */
export function HouseTidyLinks({
  house,
  back,
}: {
  house: { id: number; title: string };
  /** The list's page the links are on, when it is not its first. */
  back?: string;
}) {
  return (
    <p className="tidy-links">
      <Link to={withBack(`/organiser/houses/${house.id}/edit`, back)}>
        Edit<span className="visually-hidden"> {house.title}</span>
      </Link>
      <Link to={withBack(`/organiser/houses/${house.id}/delete`, back)}>
        Delete<span className="visually-hidden"> {house.title}</span>
      </Link>
    </p>
  );
}

/** Links to the confirmation steps for removing a member's survey, houses and account. */
export function MemberTidyLinks({
  member,
  back,
}: {
  member: { id: number; email: string; submitted: boolean; houses: number; organiser?: boolean };
  /** The list's page and search the links are on, when it is not the plain first page. */
  back?: string;
}) {
  return (
    <span className="tidy-links">
      {member.submitted ? (
        <Link to={withBack(`/organiser/members/${member.id}/survey`, back)}>
          Remove survey<span className="visually-hidden"> of {member.email}</span>
        </Link>
      ) : null}
      {member.houses ? (
        <Link to={withBack(`/organiser/members/${member.id}/houses`, back)}>
          Delete houses ({member.houses})<span className="visually-hidden"> suggested by {member.email}</span>
        </Link>
      ) : null}
      {member.organiser ? null : (
        <Link to={withBack(`/organiser/members/${member.id}/delete`, back)}>
          Delete account<span className="visually-hidden"> of {member.email}</span>
        </Link>
      )}
    </span>
  );
}
