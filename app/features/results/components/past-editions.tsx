import { Link } from "@remix-run/react";
import type { ArchivedHouse } from "~/features/season/lib/editions";
import { placeLabel } from "~/features/houses/lib/house-rules";
import { HousePhoto } from "~/features/houses/components/house-photo";

export type PastEditionCard = {
  year: number;
  name: string;
  dates: string;
  came: string;
  house: ArchivedHouse | null;
  /** The stored photo's version, when the house still has one. */
  photo?: string;
};

/** Every closed edition, newest first, each linking to its results as they were when it closed. */
export function PastEditions({ editions }: { editions: PastEditionCard[] }) {
  if (editions.length === 0) return null;
  return (
    <section className="card" aria-labelledby="past-editions-heading">
      <h2 id="past-editions-heading">Past Weekends</h2>
      <ul className="past-houses">
        {editions.map((edition, index) => (
          <li key={edition.year} className="past-house past-edition">
            <HousePhoto
              houseId={edition.house?.id ?? 0}
              listingImg={edition.house?.listing_img ?? ""}
              version={edition.photo}
              first={index === 0}
            />
            <h3>
              <Link to={`/past-events/${edition.year}`}>{edition.name}</Link>
            </h3>
            <p>{edition.dates}</p>
            <p className="user-text">
              {edition.house
                ? `${edition.house.title} — ${placeLabel(edition.house, false)}`
                : "No house was chosen."}
            </p>
            <p>{edition.came}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
