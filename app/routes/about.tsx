import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ResponsiveImage } from "~/platform/components/responsive-image";
import { pageTitle } from "~/platform/lib/page-title";
import { currentEditionName } from "~/features/season/index.server";
import { PlainText } from "~/platform/components/plain-text";
import { pageText } from "~/features/organiser/index.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "About") }];

export async function loader() {
  const edition = await currentEditionName();
  return { story: await pageText("about", { ...edition, hasPastEditions: false }) };
}

export default function About() {
  const { story } = useLoaderData<typeof loader>();
  return (
    <section className="hero">
      <div>
        <h1>About SGW</h1>
        <PlainText text={story} />
      </div>
      <ResponsiveImage />
    </section>
  );
}
