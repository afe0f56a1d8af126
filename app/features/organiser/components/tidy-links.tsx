import { Link } from "@remix-run/react";

/** Links to a house's edit page and to its deletion's confirmation step. */
export function HouseTidyLinks({ house }: { house: { id: number; title: string } }) {
  return (
    <p className="tidy-links">
      <Link to={`/organiser/houses/${house.id}/edit`}>
        Edit<span className="visually-hidden"> {house.title}</span>
      </Link>
      <Link to={`/organiser/houses/${house.id}/delete`}>
        Delete<span className="visually-hidden"> {house.title}</span>
      </Link>
    </p>
  );
}

/** Links to the confirmation steps for removing a member's survey, houses and account. */
export function MemberTidyLinks({
  member,
}: {
  member: { id: number; email: string; submitted: boolean; houses: number; organiser?: boolean };
}) {
  return (
    <span className="tidy-links">
      {member.submitted ? (
        <Link to={`/organiser/members/${member.id}/survey`}>
          Remove survey<span className="visually-hidden"> of {member.email}</span>
        </Link>
      ) : null}
      {member.houses ? (
        <Link to={`/organiser/members/${member.id}/houses`}>
          Delete houses ({member.houses})<span className="visually-hidden"> suggested by {member.email}</span>
        </Link>
      ) : null}
      {member.organiser ? null : (
        <Link to={`/organiser/members/${member.id}/delete`}>
          Delete account<span className="visually-hidden"> of {member.email}</span>
        </Link>
      )}
    </span>
  );
}
