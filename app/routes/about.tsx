import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ResponsiveImage } from "~/platform/components/responsive-image";
import { pageTitle } from "~/platform/lib/page-title";
import { currentEditionName } from "~/features/editions/models/edition.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "About") }];

export const loader = () => currentEditionName();

export default function About() {
  const edition = useLoaderData<typeof loader>();
  return (
    <section className="hero">
      <div>
        <h1>About SGW</h1>
        <p>
          It started years ago as a single borrowed cabin, a cooler full of questionable snacks and a promise
          to do it again next summer. We kept the promise.
        </p>
        <p>
          Every year since, the same friends — plus the partners, kids and stragglers we have collected along
          the way — pick a long weekend, find a house big enough for everyone and spend a few days cooking,
          swimming, arguing about board games and catching up on a year of news.
        </p>
        <p>
          {`${edition.shortName} is the ${edition.year} edition.`} This site is where we decide when and
          where: fill in the survey, suggest a house, vote on the shortlist, and we will see you there.
        </p>
      </div>
      <ResponsiveImage />
    </section>
  );
}
