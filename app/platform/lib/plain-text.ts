/**
 * Plain text an organiser typed, cut into what a page shows: paragraphs (split by a blank line),
 * bullet lists (a block whose every line starts with "- ") and links (bare http(s) addresses). It
 * returns data, never HTML: the page renders it as React text, so markup shows as typed.
 */
export type Inline = { text: string; href?: undefined } | { text: string; href: string };
export type Block = { kind: "paragraph"; lines: Inline[][] } | { kind: "list"; items: Inline[][] };

const URL_PATTERN = /https?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence, not an address ("see https://x.org."). */
const TRAILING = /[.,;:!?)\]'’”]+$/;

/** The link's address when `candidate` is a well-formed http(s) URL, else null. */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** One line as text runs and links. */
export function inlines(line: string): Inline[] {
  const parts: Inline[] = [];
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const previous = parts.at(-1);
    if (previous && previous.href === undefined) previous.text += text;
    else parts.push({ text });
  };
  for (const match of line.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const address = match[0].replace(TRAILING, "");
    const href = safeHref(address);
    push(line.slice(last, start));
    if (href) parts.push({ text: address, href });
    else push(address);
    last = start + address.length;
  }
  push(line.slice(last));
  return parts;
}

const ITEM = /^[-*]\s/;

/**
 * The text as blocks; an empty text has none. Blank lines part paragraphs; within one, a run of
 * "- " or "* " lines is a list, so "Bring:" followed by items reads as a line and its list.
 */
export function formatPlainText(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/)) {
    const lines = chunk
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    let run: string[] = [];
    const close = () => {
      if (!run.length) return;
      blocks.push(
        ITEM.test(run[0]!)
          ? { kind: "list", items: run.map((line) => inlines(line.replace(/^[-*]\s+/, ""))) }
          : { kind: "paragraph", lines: run.map(inlines) },
      );
      run = [];
    };
    for (const line of lines) {
      if (run.length && ITEM.test(line) !== ITEM.test(run[0]!)) close();
      run.push(line);
    }
    close();
  }
  return blocks;
}

/** The text as it is stored: line ends made plain and the ends trimmed, so "" means the default. */
export function normalisePlainText(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
}
