import { createHash } from "node:crypto";
import { encode } from "turbo-stream";

/**
 * The words of a request the request path refuses (request-path.server.ts), in the form the asker
 * reads: JSON for /api, a small HTML page for a browser, and for a form post from the page's script
 * (Remix's single fetch, `<path>.data`) the encoding that script reads, so the member sees the reason
 * rather than "the server could not handle this".
 */

export const isApi = (url: string | undefined) => url === "/api" || Boolean(url?.startsWith("/api/"));

/** A form post from the page's script (Remix's single fetch asks for `<path>.data`). */
export const isScriptPost = (method: string | undefined, url: string | undefined) =>
  method === "POST" && Boolean(url?.split("?")[0].endsWith(".data"));

const TITLES: Record<number, string> = {
  400: "Bad request",
  403: "Request refused",
  405: "Method not allowed",
  413: "Too much data",
};

// The page's one style sheet, inline: the app's stylesheets may be the very thing refused (another
// host). The refusal's own CSP allows exactly this text by its hash, and nothing else.
const STYLE =
  "body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2933;background:#f5f7fa}" +
  "main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;" +
  "box-shadow:0 1px 4px rgba(0,0,0,.12);overflow-wrap:anywhere}" +
  "@media (max-width:40rem){main{margin:0;border-radius:0}}" +
  "h1{font-size:1.5rem;margin:0 0 1rem}" +
  "p[role=alert]{padding:.75rem 1rem;border-left:4px solid #c0392b;background:#fdecea}" +
  "a{color:#1d4ed8}p[role=alert] a{padding:.7rem 0}" +
  "main>p:last-child a{display:inline-block;min-height:44px;line-height:44px}";

/** What a refusal page may load: its hashed style, nothing else. */
export const REFUSAL_CSP = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; frame-ancestors 'none'`;

/**
 * The body of a refusal for /api (JSON) or a browser (an HTML page that says why). `link` is an
 * address in the message (the planner's right address) that the page makes a link.
 */
export function refusalBody(url: string | undefined, status: number, message: string, link?: string) {
  if (isApi(url))
    return { type: "application/json; charset=utf-8", body: JSON.stringify({ error: message }) };
  const title = TITLES[status] ?? "Refused";
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — SGW25</title><style>${STYLE}</style></head><body><main><h1>${title}</h1><p role="alert">${withLink(message, link)}</p><p><a href="/">Back to the home page</a></p></main></body></html>`;
  return { type: "text/html; charset=utf-8", body };
}

/** The message, escaped, with the last mention of `link` as a link (the one that says "open it here"). */
function withLink(message: string, link: string | undefined) {
  const at = link && /^https?:\/\//i.test(link) ? message.lastIndexOf(link) : -1;
  if (!link || at < 0) return escapeHtml(message);
  const anchor = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
  return escapeHtml(message.slice(0, at)) + anchor + escapeHtml(message.slice(at + link.length));
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

class ScriptRefusal {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

/** The refusal as single fetch encodes an action's thrown 4xx Response: the script shows `message`. */
export async function scriptRefusalBody(status: number, message: string) {
  const stream = encode(
    { error: new ScriptRefusal(status, message) },
    {
      plugins: [
        (value) =>
          value instanceof ScriptRefusal ? ["ErrorResponse", value.message, value.status, ""] : undefined,
      ],
    },
  );
  const body = Buffer.from(await new Response(stream).arrayBuffer()).toString("utf8");
  return { type: "text/x-script", body };
}
