import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { answeringOutages } from "~/platform/services/resource-route.server";
import { serveFeed } from "~/features/trip/index.server";

/**
 * A member's private calendar feed, /calendar/<token>.ics: the weekend and their own times. An
 * unknown or renewed token is a plain 404, the same as any other missing page.
 */
export const loader = answeringOutages(async ({ params }: LoaderFunctionArgs) => {
  const match = /^(.+)\.ics$/.exec(params.feed ?? "");
  const calendar = match ? await serveFeed(match[1], env().appUrl) : null;
  if (!calendar) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
});
