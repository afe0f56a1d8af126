import { safeListingHref } from "~/features/houses/lib/house-rules";

export type DecisionView = {
  /** "Thursday Aug 28 to Monday Sep 1, 2025", once the organiser chose the weekend. */
  when: string | null;
  where: { title: string; place: string; url: string } | null;
  coming: string[];
  onTheFence: string[];
};

function names(list: string[]) {
  return list.length ? (
    <>
      : <span className="user-text">{list.join(", ")}</span>
    </>
  ) : null;
}

/** The organiser's decision said plainly: when, where (with the listing) and who is coming. */
export function EventDecision({ decision }: { decision: DecisionView }) {
  const { when, where, coming, onTheFence } = decision;
  if (!when && !where) return null;
  const href = where ? safeListingHref(where.url) : null;
  return (
    <dl className="event-decision" aria-label="The decision">
      {when ? (
        <>
          <dt>When</dt>
          <dd>{when}</dd>
        </>
      ) : null}
      {where ? (
        <>
          <dt>Where</dt>
          <dd>
            <span className="user-text">
              {where.title}, {where.place}
            </span>
            {href ? (
              <>
                {" "}
                (
                <a href={href} rel="noopener noreferrer" target="_blank">
                  see the listing
                  <span className="visually-hidden"> for {where.title} (opens in a new tab)</span>
                </a>
                )
              </>
            ) : null}
          </dd>
        </>
      ) : null}
      <dt>Who</dt>
      <dd>
        {coming.length} coming{names(coming)}; {onTheFence.length} maybe{names(onTheFence)}
      </dd>
    </dl>
  );
}
