/** The event page's calendar link and, while the survey is open, its deadline. Plain HTML, no script. */
export function EventExtras({
  deadline,
  chosenHouse,
  shortName,
}: {
  deadline: { text: string; closed: boolean } | null;
  chosenHouse: string | null;
  shortName: string;
}) {
  return (
    <>
      {chosenHouse ? (
        <p>
          <strong>Where:</strong> <span className="user-text">{chosenHouse}</span>
        </p>
      ) : null}
      {deadline && !deadline.closed ? (
        <p className="survey-deadline">
          <strong>The survey closes on {deadline.text}.</strong> <a href="/survey">Fill it in</a>
        </p>
      ) : null}
      <p>
        <a href="/sgw25.ics" download="sgw25.ics">
          Add {shortName} to your calendar (.ics)
        </a>
      </p>
    </>
  );
}
