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

/** The body of a refusal for /api (JSON) or a browser (an HTML page that says why). */
export function refusalBody(url: string | undefined, status: number, message: string) {
  if (isApi(url))
    return { type: "application/json; charset=utf-8", body: JSON.stringify({ error: message }) };
  const title = TITLES[status] ?? "Refused";
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — SGW25</title></head><body><main><h1>${title}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/">Back to the home page</a></p></main></body></html>`;
  return { type: "text/html; charset=utf-8", body };
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
