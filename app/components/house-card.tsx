import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  PLACEHOLDER_IMAGE,
  placeLabel,
  previousHouseLabel,
  roomsSummary,
  safeImageSrc,
  safeListingHref,
  type VoteChoice,
  type VoteCounts,
} from "~/lib/house-rules";
import type { HouseRecord } from "~/lib/house-rules";
import { HouseVote } from "./house-vote";

export type CardHouse = HouseRecord;

/**
 * The listing photo at a fixed size, lazy-loaded. A broken photo shows the placeholder: through
 * onError with JS, and through the box's background image without it.
 */
function HouseImage({ src }: { src: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    // An image that failed before hydration never fires React's onError.
    const image = ref.current;
    if (image?.complete && image.currentSrc && image.naturalWidth === 0) setBroken(true);
  }, []);
  const shown = broken || !src ? PLACEHOLDER_IMAGE : safeImageSrc(src);
  return (
    <div className="house-image">
      <img
        ref={ref}
        src={shown}
        alt=""
        width={400}
        height={250}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
      />
    </div>
  );
}

export function HouseCard({
  house,
  grid,
  vote,
  counts,
  voteError,
  children,
}: {
  house: CardHouse;
  grid: "new" | "previous" | "out";
  vote: VoteChoice | undefined;
  counts: VoteCounts;
  voteError?: string;
  children?: ReactNode;
}) {
  const href = safeListingHref(house.url);
  return (
    <article id={`house-${house.id}`} className="house-card" aria-labelledby={`house-${house.id}-title`}>
      <HouseImage src={house.listing_img} />
      <div className="house-body">
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
