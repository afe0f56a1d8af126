import { IntentButton } from "~/features/trip/components/form-bits";

/** For the organiser: when the trip mails go out, what went, and the switch. */
export function TimelinePanel({
  timeline,
}: {
  timeline: {
    mailsOff: boolean;
    waitsForAnnouncement: boolean;
    moments: { days: number; at: string; sent: number; failed: number }[];
  };
}) {
  return (
    <>
      <p>
        Every member on the trip gets one mail 30 days and one 7 days before the weekend: when and where,
        their room, what is still open for them and the practical notes.
        {timeline.mailsOff ? " They are switched off." : ""}
        {!timeline.mailsOff && timeline.waitsForAnnouncement
          ? " They wait for the announcement: none goes before the group has heard the decision from you (a moment passed meanwhile goes once it is announced)."
          : ""}
      </p>
      <ul className="trip-list">
        {timeline.moments.map((moment) => (
          <li key={moment.days}>
            {moment.days} days before: {moment.at}.{" "}
            {moment.sent || moment.failed
              ? `${moment.sent} sent${moment.failed ? `, ${moment.failed} failed` : ""}.`
              : "Not sent yet."}
          </li>
        ))}
      </ul>
      {timeline.mailsOff ? (
        <IntentButton intent="mails" label="Switch the trip mails on" fields={{ off: "0" }} />
      ) : (
        <IntentButton intent="mails" label="Switch the trip mails off" fields={{ off: "1" }} secondary />
      )}
    </>
  );
}
