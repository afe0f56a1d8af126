/** /results-summary's loader sends its cards as rendered HTML: what a test reads of each card. */
export type ParsedCard = { name: string; email: string; dontWannaSee?: string; dontWannaSeeHidden: boolean };

const unescape = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export function parseSummaryCards(html: string): ParsedCard[] {
  return html
    .split(/(?=<article )/)
    .filter((part) => part.startsWith("<article "))
    .map((card) => {
      const wannaSee =
        /<dt>Doesn(?:&#x27;|')t Want To See<\/dt><dd class="(muted|user-text)">([^<]*)<\/dd>/.exec(card);
      return {
        name: unescape(/<h2 [^>]*>([^<]*)<\/h2>/.exec(card)?.[1] ?? ""),
        email: unescape(/<p class="muted respondent-email">([^<]*)<\/p>/.exec(card)?.[1] ?? ""),
        dontWannaSee: wannaSee ? unescape(wannaSee[2]) : undefined,
        dontWannaSeeHidden: wannaSee?.[1] === "muted",
      };
    });
}
