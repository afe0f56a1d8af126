import { useEffect } from "react";
import { LOGIN_REASONS } from "~/platform/lib/login-url";
import { NETWORK_FAILURE, serverFailure } from "~/platform/components/submit-failure";
import { useNonce } from "~/platform/components/nonce";

type Words = { expired: string; network: string; server: string };

/**
 * Sends /houses's votes without a reload and without hydrating the page (hydrating 50 cards costs a
 * slow phone more than this does): shows the choice and counts at once, posts to /api/votes, then
 * shows the server's counts, or rolls the card back and says why. A session that ended shows the
 * member logged out and offers the login that comes back to the card. Self-contained and short, as
 * it is also the page's one inline script. Returns its undo.
 */
function installHouseVotes(words: Words) {
  for (const field of document.querySelectorAll<HTMLInputElement>("input[data-script-only]"))
    field.disabled = false;
  const send = async (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    const vote = (event.submitter as HTMLButtonElement | null)?.value;
    if (!form.classList.contains("vote-form") || !vote) return;
    event.preventDefault();
    const id = (form.elements.namedItem("houseId") as HTMLInputElement).value;
    const spans = form.parentElement!.querySelectorAll(".house-counts span");
    const show = (chosen: string | undefined, counts: number[]) => {
      for (const button of form.querySelectorAll("button")) {
        button.setAttribute("aria-pressed", String(button.value === chosen));
        button.classList.toggle("vote-chosen", button.value === chosen);
      }
      spans.forEach((span, i) => (span.textContent = span.textContent!.replace(/\d+/, String(counts[i]))));
    };
    const say = (text: string, link?: string) => {
      form.parentElement!.querySelector(".vote-alert")?.remove();
      if (!text) return;
      const alert = document.createElement("p");
      alert.setAttribute("role", "alert");
      alert.className = "alert alert-error vote-alert";
      alert.textContent = text;
      if (link) alert.insertAdjacentHTML("beforeend", ` <a href="${link}">Log in to vote again</a>`);
      form.after(alert);
    };
    const choices = ["love", "like", "dislike"];
    const before = form.querySelector<HTMLButtonElement>("[aria-pressed=true]")?.value;
    const counts = Array.from(spans, (span) => Number(span.textContent!.match(/\d+/)));
    const next = counts.map((n, i) => n + (choices[i] === vote ? 1 : 0) - (choices[i] === before ? 1 : 0));
    if (before !== vote) show(vote, next);
    let reply: Response;
    try {
      reply = await fetch("/api/votes", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ house_id: Number(id), vote }),
      });
    } catch {
      show(before, counts);
      return say(words.network);
    }
    const body = await reply.json().catch(() => ({}));
    if (reply.ok) {
      show(
        vote,
        choices.map((choice) => body.counts[choice]),
      );
      return say("");
    }
    show(before, counts);
    if (reply.status >= 500) return say(words.server.replace("%s", String(reply.status)));
    if (reply.status !== 401) return say(body.error ?? words.server.replace("%s", String(reply.status)));
    const back = `/houses?${new URLSearchParams({ houseId: id, vote })}#house-${id}`;
    say(words.expired, `/auth?${new URLSearchParams({ redirect: back, reason: "expired" })}`);
    const logout = document.querySelector("form[action='/logout']")?.parentElement;
    if (logout)
      logout.innerHTML = `<a href="/auth?${new URLSearchParams({ redirect: location.pathname + location.search })}">Login</a>`;
    const footer = document.querySelector(".site-footer p");
    if (footer) footer.textContent = "You are not logged in.";
  };
  document.addEventListener("submit", send);
  return () => document.removeEventListener("submit", send);
}

const WORDS: Words = {
  expired: LOGIN_REASONS.expired,
  network: NETWORK_FAILURE,
  // With the status left open for the script to fill in.
  server: serverFailure(999).replace("999", "%s"),
};
// The server's build keeps its indentation; the lines stay, so no statement runs into the next.
const SCRIPT = `(${installHouseVotes.toString().replace(/\n\s+/g, "\n")})(${JSON.stringify(WORDS)});`;

/**
 * On a page load the inline script runs (React never runs in the browser here); when a member comes
 * from a page that did hydrate, React renders this page in the browser, where an inline script
 * inserted by React does not run, so the effect installs the same handler.
 */
export function HouseVotesScript() {
  const nonce = useNonce();
  useEffect(() => installHouseVotes(WORDS), []);
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
