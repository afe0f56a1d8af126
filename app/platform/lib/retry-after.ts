import type { HeadersFunction } from "@remix-run/node";

/** The Retry-After header of a refusal that names a wait (a rate limit), none otherwise. */
export function retryAfterHeaders(seconds: number | undefined) {
  return seconds ? { "Retry-After": String(seconds) } : undefined;
}

/** A page's `headers`: a refused attempt's Retry-After (set by the action) reaches the page's response too. */
export const passRetryAfter: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
