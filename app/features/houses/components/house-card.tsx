import type { ReactNode } from "react";
import {
  placeLabel,
  previousHouseLabel,
  roomsSummary,
  safeListingHref,
  type VoteChoice,
  type VoteCounts,
} from "~/features/houses/lib/house-rules";
import type { HouseRecord } from "~/features/houses/lib/house-rules";
import { HousePhoto } from "~/features/houses/components/house-photo";
import { HouseVote } from "~/features/houses/components/house-vote";

export type CardHouse = HouseRecord;

export function HouseCard({
  house,
  photo,
  first = false,
  grid,
  chosenFor,
  vote,
  counts,
  voteError,
  children,
}: {
  house: CardHouse;
  /** The stored photo's version, when there is one. */
  photo: string | undefined;
  /** The first card on the page, painted first. */
  first?: boolean;
  grid: "new" | "previous" | "out";
  /** The edition's short name when this is the house the organiser chose. */
  chosenFor?: string;
  vote: VoteChoice | undefined;
  counts: VoteCounts;
  voteError?: string;
  children?: ReactNode;
}) {
  const href = safeListingHref(house.url);
  return (
    <article
      id={`house-${house.id}`}
      className={chosenFor ? "house-card house-card-chosen" : "house-card"}
      aria-labelledby={`house-${house.id}-title`}
    >
      <HousePhoto houseId={house.id} listingImg={house.listing_img} version={photo} first={first} />
      <div className="house-body">
        {chosenFor ? <p className="house-chosen">Chosen for {chosenFor}</p> : null}
        {grid === "previous" && house.previous_house_year ? (
          <p className="house-kicker">{previousHouseLabel(house.previous_house_year)}</p>
        ) : null}
        <h3 id={`house-${house.id}-title`} className="user-text">
          {house.title}
        </h3>
        <p className="house-place user-text">{placeLabel(house, grid === "new")}</p>
        <p className="muted">{roomsSummary(house)}</p>
        {href ? (
          <p>
            <a href={href} target="_blank" rel="noopener noreferrer">
              View listing<span className="visually-hidden"> for {house.title} (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
        <HouseVote
          houseId={house.id}
          title={house.title}
          current={vote}
          counts={counts}
          serverError={voteError}
        />
        <p className="muted house-suggester">
          Suggested by <span className="user-text">{house.who_suggested.trim() || "User"}</span>
        </p>
        {children}
      </div>
    </article>
  );
}
