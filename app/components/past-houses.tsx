import { PLACEHOLDER_IMAGE, placeLabel, safeImageSrc } from "~/lib/house-rules";

export type PastHouse = {
  id: number;
  title: string;
  city: string;
  state: string;
  country: string;
  listing_img: string;
  year: number | null;
};

/**
 * The houses of earlier get-togethers, newest first. A missing photo shows the placeholder; a
 * broken one falls back to it through the box's background image, which needs no script.
 */
export function PastHouses({ houses }: { houses: PastHouse[] }) {
  if (houses.length === 0) return null;
  return (
    <section className="card" aria-labelledby="past-houses-heading">
      <h2 id="past-houses-heading">Previous SGW Houses</h2>
      <ul className="past-houses">
        {houses.map((house) => (
          <li key={house.id} className="past-house">
            <div className="house-image">
              <img
                src={house.listing_img ? safeImageSrc(house.listing_img) : PLACEHOLDER_IMAGE}
                alt=""
                width={400}
                height={250}
                loading="lazy"
                decoding="async"
              />
            </div>
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
