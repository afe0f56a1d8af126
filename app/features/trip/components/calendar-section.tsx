import { IntentButton } from "~/features/trip/components/form-bits";

/** The member's private calendar address: it follows changes to the weekend, the house and their times. */
export function CalendarSection({
  feed,
}: {
  feed: { https: string; webcal: string } | { hidden: true } | null;
}) {
  if (feed && "hidden" in feed) {
    return (
      <>
        <p>
          Your calendar address still works where you subscribed to it, but the planner was restored from a
          backup and cannot show it here until your calendar has fetched it once.
        </p>
        <p className="muted">Renew it to see an address now: the old one then stops working.</p>
        <IntentButton intent="renew-feed" label="Renew my calendar address" secondary />
      </>
    );
  }
  return feed ? (
    <>
      <p>Subscribe once; your calendar follows every change of the weekend, the house and your times.</p>
      <p>
        <a className="button" href={feed.webcal}>
          Subscribe in your calendar
        </a>
      </p>
      <p className="user-text">
        Or add this address by hand: <code>{feed.https}</code>
      </p>
      <p className="muted">
        The address is yours alone. If someone else got it, renew it: the old one stops working.
      </p>
      <IntentButton intent="renew-feed" label="Renew my calendar address" secondary />
    </>
  ) : (
    <>
      <p>
        Get a private address your calendar subscribes to: the weekend and your own arrival and departure.
      </p>
      <IntentButton intent="renew-feed" label="Get my calendar address" />
    </>
  );
}
