import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/responsive-image";

export const meta: MetaFunction = () => [{ title: "SGW25 — Home" }];

export default function Home() {
  return (
    <section className="hero">
      <div>
        <h1>SGW25 is coming</h1>
        <p>
          Mark your calendar: the summer get-together happens <strong>the weekend of August 22-26</strong>.
        </p>
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
