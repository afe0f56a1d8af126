import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { firstPhotoPreload } from "~/features/houses/components/house-photo";
import { PastEditions } from "~/features/results/components/past-editions";
import { PastHouses } from "~/features/results/components/past-houses";
import { listPhotoVersions } from "~/features/houses/index.server";
import { listPreviousHouses, listPastEditions } from "~/features/results/index.server";
import houseImageStyles from "~/styles/house-image.css";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { PlainText } from "~/platform/components/plain-text";
import { currentEditionName } from "~/features/season/index.server";
import { pageText } from "~/features/organiser/index.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: houseImageStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  // The first card is the newest past edition's, else the newest previous house's.
  const edition = data?.editions[0];
  const first = edition ? (edition.house ?? { id: 0, listing_img: "" }) : data?.houses[0];
  const photo = edition ? edition.photo : data?.houses[0]?.photo;
  return [{ title: pageTitle(matches, "Past Events") }, ...firstPhotoPreload(first, photo)];
};

export async function loader() {
  const [editions, houses, photos] = await Promise.all([
    listPastEditions(),
    listPreviousHouses(),
    listPhotoVersions(),
  ]);
  const intro = await pageText("pastEvents", {
    ...(await currentEditionName()),
    hasPastEditions: editions.length > 0,
  });
  return {
    intro,
    editions: editions.map((edition) => ({
      ...edition,
      photo: edition.house ? photos[edition.house.id] : undefined,
    })),
    houses: houses.map((house) => ({ ...house, photo: photos[house.id] })),
  };
}

export default function PastEvents() {
  const { intro, editions, houses } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="card">
        <h1>Past Events</h1>
        <PlainText text={intro} />
      </section>
      <PastEditions editions={editions} />
      <PastHouses houses={houses} eagerFirst={editions.length === 0} />
    </>
  );
}
