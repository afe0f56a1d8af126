import type { ArchivedHouse } from "~/features/season/lib/editions";
import { placeLabel } from "~/features/houses/lib/house-rules";
import { HousePhoto } from "~/features/houses/components/house-photo";

/** A house an earlier get-together stayed in: what an edition's archive shows of it, with its year and photo. */
export type PastHouse = ArchivedHouse & {
  year: number | null;
  /** The stored photo's version, when there is one. */
  photo?: string;
};

/**
 * The houses of earlier get-togethers, newest first, each with its stored photo or the placeholder.
 */
export function PastHouses({ houses, eagerFirst = true }: { houses: PastHouse[]; eagerFirst?: boolean }) {
  if (houses.length === 0) return null;
  return (
    <section className="card" aria-labelledby="past-houses-heading">
      <h2 id="past-houses-heading">Previous SGW Houses</h2>
      <ul className="past-houses">
        {houses.map((house, index) => (
          <li key={house.id} className="past-house">
            <HousePhoto
              houseId={house.id}
              listingImg={house.listing_img}
              version={house.photo}
              first={eagerFirst && index === 0}
            />
            <h3>{house.year ?? "Year not given"}</h3>
            <p className="user-text">
              {house.title} — {placeLabel(house, false)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
