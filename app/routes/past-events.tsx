import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "SGW25 — Past Events" }];

export default function PastEvents() {
  return (
    <section className="card">
      <h1>Past Events</h1>
      <p>Photos and stories from earlier get-togethers are on their way. Check back soon!</p>
    </section>
  );
}
