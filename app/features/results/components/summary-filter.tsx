import { useEffect } from "react";
import { useNonce } from "~/platform/components/nonce";

/**
 * The search box's instant filter on /results-summary, without hydrating the page: hydrating
 * hundreds of cards blocks a slow phone for half a second, and the filter only hides what does not
 * match (each card carries its name and e-mail in data-search, lower case). The URL follows after a
 * pause; a search that could match cards the server left out (wider than the one it answered) asks
 * the server. Self-contained, as it also runs as the page's one inline script. Returns its undo.
 */
function installSummaryFilter() {
  const input = document.getElementById("q") as HTMLInputElement | null;
  const form = input?.form;
  if (!input || !form) return () => {};
  const served = input.defaultValue.trim().toLowerCase();
  const cards = Array.from(document.querySelectorAll<HTMLElement>("[data-search]"));
  const empty = document.getElementById("summary-empty");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const filter = () => {
    const needle = input.value.trim().toLowerCase();
    let shown = 0;
    for (const card of cards) {
      const texts = (card.dataset.search ?? "").split("\n");
      const match = !needle || texts.some((text) => text.includes(needle));
      card.hidden = !match;
      if (match) shown += 1;
    }
    if (empty) empty.hidden = shown > 0;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (served && !needle.includes(served)) return form.submit();
      const url = new URL(location.href);
      if (input.value) url.searchParams.set("q", input.value);
      else url.searchParams.delete("q");
      history.replaceState(history.state, "", url);
    }, 300);
  };
  input.addEventListener("input", filter);
  return () => {
    clearTimeout(timer);
    input.removeEventListener("input", filter);
  };
}

const SCRIPT = `(${installSummaryFilter.toString()})();`;

/**
 * On a page load the inline script runs (React never runs in the browser here); when a member comes
 * from a page that did hydrate, React renders this page in the browser, where an inline script
 * inserted by React does not run, so the effect installs the same filter.
 */
export function SummaryFilter() {
  const nonce = useNonce();
  useEffect(() => installSummaryFilter(), []);
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
