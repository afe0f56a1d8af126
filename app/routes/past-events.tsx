import { type LinksFunction, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { firstPhotoPreload } from "~/components/house-photo";
import { PastHouses } from "~/components/past-houses";
import { listPhotoVersions } from "~/models/house-photo.server";
import { listPreviousHouses } from "~/models/plan.server";
import houseImageStyles from "~/styles/house-image.css";
import styles from "~/styles/features.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: houseImageStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const first = data?.houses[0];
  return [{ title: "SGW25 — Past Events" }, ...firstPhotoPreload(first, first?.photo)];
};

export async function loader() {
  const [houses, photos] = await Promise.all([listPreviousHouses(), listPhotoVersions()]);
  return { houses: houses.map((house) => ({ ...house, photo: photos[house.id] })) };
}

export default function PastEvents() {
  const { houses } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="card">
        <h1>Past Events</h1>
        <p>Photos and stories from earlier get-togethers are on their way. Check back soon!</p>
      </section>
      <PastHouses houses={houses} />
    </>
  );
}
