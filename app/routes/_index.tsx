import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EventDecision } from "~/features/results/components/event-decision";
import { ResponsiveImage } from "~/platform/components/responsive-image";
import { getEventPageFacts } from "~/features/results/index.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.event.shortName ?? "SGW25"} — Home` },
];

export async function loader() {
  const { event, decision } = await getEventPageFacts();
  return { event, decision };
}

export default function Home() {
  const { event, decision } = useLoaderData<typeof loader>();
  return (
    <section className="hero">
      <div>
        <h1>{event.shortName} is coming</h1>
        <p>
          {event.lead} the {event.name} {event.verb} <strong>the weekend of {event.homeWeekend}</strong>.
        </p>
        <EventDecision decision={decision} />
        <p>
          Tell us if you are in, which weekends work and where you would go — then see where the group stands
          and vote on the houses.
        </p>
        <p className="choices">
          <Link to="/survey" className="button">
            Take the survey
          </Link>
          <Link to="/results" className="button button-secondary">
            See the results
          </Link>
        </p>
      </div>
      <ResponsiveImage />
    </section>
  );
}
