import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { loginUrl, notRecordedPath } from "~/lib/login-url";
import { applyVote, type VoteChoice, type VoteCounts } from "~/lib/house-rules";

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

/**
 * Enables the vote forms' script-only fields once the page runs, in one pass over the page rather
 * than a second render of every card. React leaves the attribute alone afterwards (its own value
 * never changes), and it runs again after each render for cards that came in later.
 */
export function useScriptOnlyFields() {
  useEffect(() => {
    for (const input of document.querySelectorAll<HTMLInputElement>("input[data-script-only]"))
      input.disabled = false;
  });
}

const CHOICES: Array<{ vote: VoteChoice; label: string }> = [
  { vote: "love", label: "Love" },
  { vote: "like", label: "Like" },
  { vote: "dislike", label: "Dislike" },
];

type VoteReply = { ok: true } | { error: string; expired?: boolean };

/**
 * The love/like/dislike buttons and the counts. Without JS they are a plain POST form that comes
 * back to this card; with JS a fetcher shows the new choice and counts at once, and falls back to
 * the stored vote when the server says no.
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
  const fetcher = useFetcher<VoteReply>();
  const pending = fetcher.formData?.get("vote") as VoteChoice | null | undefined;
  // The choice the member last pressed, so an expired session can offer it again after the login.
  const lastVote = useRef<VoteChoice | null>(null);
  if (pending) lastVote.current = pending;
  const shown = pending ?? current;
  const shownCounts = pending ? applyVote(counts, current, pending) : counts;
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  // The page's message (e.g. a vote the login interrupted) stands until this card's next answer.
  const error = reply ? ("error" in reply ? reply.error : undefined) : serverError;
  const expired = Boolean(reply && "error" in reply && reply.expired);
  // The root re-reads the session (root.tsx), so the header and footer show the member logged out;
  // the login offered here comes back to this card, which offers the vote again.
  const loginAgain = expired
    ? loginUrl(lastVote.current ? notRecordedPath({ houseId, vote: lastVote.current }) : "/houses", "expired")
    : null;

  return (
    <>
      <p className="house-counts" aria-live="polite">
        <span>Loves: {shownCounts.love}</span> · <span>Likes: {shownCounts.like}</span> ·{" "}
        <span>Hates: {shownCounts.dislike}</span>
      </p>
      <fetcher.Form method="post" action="/houses" className="vote-form" aria-label={`Vote on ${title}`}>
        <input type="hidden" name="intent" value="vote" />
        <input type="hidden" name="houseId" value={houseId} />
        {/* Tells the action to answer with JSON instead of redirecting; enabled once JS runs. */}
        <input type="hidden" name="via" value="fetcher" disabled data-script-only="" />
        {CHOICES.map((choice) => (
          <button
            key={choice.vote}
            type="submit"
            name="vote"
            value={choice.vote}
            className={shown === choice.vote ? "vote-button vote-chosen" : "vote-button"}
            aria-pressed={shown === choice.vote}
          >
            <VoteIcon vote={choice.vote} /> {choice.label}
          </button>
        ))}
      </fetcher.Form>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
          {loginAgain ? (
            <>
              {" "}
              <Link to={loginAgain}>Log in to vote again</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
