import type { VoteChoice, VoteCounts } from "~/features/houses/lib/house-rules";

// Drawn here rather than as emoji: not every device has an emoji font. The shapes are drawn once
// per page (VoteIconShapes) and each button refers to them, instead of 150 copies on /houses.
const HEART =
  "M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.4 5c2 0 3.3 1.1 4.1 2.4h.9C12.3 6.1 13.6 5 15.6 5 19 5 21 8.6 19.6 11.8 17.5 16.4 12 21 12 21z";
const THUMB =
  "M2 10h4v11H2zM8 21h9.2c.9 0 1.7-.6 1.9-1.5l1.8-7A2 2 0 0 0 19 10h-5.3l.8-4.2A2 2 0 0 0 12.5 3.5L8 10z";

/** The vote icons' shapes, once per page that shows vote buttons. */
export function VoteIconShapes() {
  return (
    <svg width="0" height="0" className="visually-hidden" aria-hidden="true" focusable="false">
      <defs>
        <path id="vote-heart" d={HEART} />
        <path id="vote-thumb" d={THUMB} />
      </defs>
    </svg>
  );
}

function VoteIcon({ vote }: { vote: VoteChoice }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      className="vote-icon"
    >
      <use
        href={vote === "love" ? "#vote-heart" : "#vote-thumb"}
        transform={vote === "dislike" ? "rotate(180 12 12)" : undefined}
      />
    </svg>
  );
}

const CHOICES: Array<{ vote: VoteChoice; label: string }> = [
  { vote: "love", label: "Love" },
  { vote: "like", label: "Like" },
  { vote: "dislike", label: "Dislike" },
];

/**
 * The love/like/dislike buttons and the counts: a plain POST form that comes back to this card.
 * The page's script (HouseVotesScript) sends it without a reload when JavaScript runs.
 */
export function HouseVote({
  houseId,
  title,
  current,
  counts,
  serverError,
}: {
  houseId: number;
  title: string;
  current: VoteChoice | undefined;
  counts: VoteCounts;
  serverError?: string;
}) {
  return (
    <>
      <p className="house-counts" aria-live="polite">
        <span>Loves: {counts.love}</span> · <span>Likes: {counts.like}</span> ·{" "}
        <span>Hates: {counts.dislike}</span>
      </p>
      <form method="post" action="/houses" className="vote-form" aria-label={`Vote on ${title}`}>
        <input type="hidden" name="intent" value="vote" />
        <input type="hidden" name="houseId" value={houseId} />
        {/* Enabled by the page's script once it sends the votes itself (a sign that it runs). */}
        <input type="hidden" name="via" value="script" disabled data-script-only="" />
        {CHOICES.map((choice) => (
          <button
            key={choice.vote}
            type="submit"
            name="vote"
            value={choice.vote}
            className={current === choice.vote ? "vote-button vote-chosen" : "vote-button"}
            aria-pressed={current === choice.vote}
          >
            <VoteIcon vote={choice.vote} /> {choice.label}
          </button>
        ))}
      </form>
      {serverError ? (
        <p role="alert" className="alert alert-error vote-alert">
          {serverError}
        </p>
      ) : null}
    </>
  );
}
