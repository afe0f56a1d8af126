import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { applyVote, type VoteChoice, type VoteCounts } from "~/lib/house-rules";
import { useHydrated } from "./use-hydrated";

export const SESSION_EXPIRED = "Your session has expired. Please log in again.";

const CHOICES: Array<{ vote: VoteChoice; label: string; icon: string }> = [
  { vote: "love", label: "Love", icon: "❤️" },
  { vote: "like", label: "Like", icon: "👍" },
  { vote: "dislike", label: "Dislike", icon: "👎" },
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
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const pending = fetcher.formData?.get("vote") as VoteChoice | null | undefined;
  const shown = pending ?? current;
  const shownCounts = pending ? applyVote(counts, current, pending) : counts;
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = reply && "error" in reply ? reply.error : serverError;
  const expired = Boolean(reply && "error" in reply && reply.expired);

  useEffect(() => {
    if (!expired) return;
    // Long enough to read the message before the login screen replaces it.
    const timer = setTimeout(() => navigate(`/auth?${new URLSearchParams({ redirect: "/houses" })}`), 2000);
    return () => clearTimeout(timer);
  }, [expired, navigate]);

  return (
    <>
      <p className="house-counts" aria-live="polite">
        <span>Loves: {shownCounts.love}</span> · <span>Likes: {shownCounts.like}</span> ·{" "}
        <span>Hates: {shownCounts.dislike}</span>
      </p>
      <fetcher.Form method="post" action="/houses" className="vote-form" aria-label={`Vote on ${title}`}>
        <input type="hidden" name="intent" value="vote" />
        <input type="hidden" name="houseId" value={houseId} />
        {/* Tells the action to answer with JSON instead of redirecting; only sent when JS runs. */}
        {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
        {CHOICES.map((choice) => (
          <button
            key={choice.vote}
            type="submit"
            name="vote"
            value={choice.vote}
            className={shown === choice.vote ? "vote-button vote-chosen" : "vote-button"}
            aria-pressed={shown === choice.vote}
          >
            <span aria-hidden="true">{choice.icon}</span> {choice.label}
          </button>
        ))}
      </fetcher.Form>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
