import { redirect } from "@remix-run/node";
import { refuse } from "~/platform/services/refuse.server";
import { UNKNOWN_REQUEST, handlerFor } from "~/platform/lib/dispatch";
import { env } from "~/platform/env.server";
import { setFlash } from "~/platform/services/flash.server";
import type { TripOutcome } from "~/features/trip/services/trip-actions.server";
import type { requireTripMember } from "~/features/trip/services/trip-members.server";

type Trip = Awaited<ReturnType<typeof requireTripMember>>;

/** The address the member's links start with: APP_URL when configured, else the one they used. */
export function publicOrigin(request: Request) {
  const config = env();
  return config.appUrlConfigured ? config.appUrl : new URL(request.url).origin;
}

// A flash is a cookie: a long "could not keep" list is cut, the page shows the warnings in full.
const FLASH_MAX = 1_200;

/**
 * Runs the posted intent's handler: a refusal answers 400 with the failure (and what was typed),
 * a success redirects back to the page's section with its message (post/redirect/get).
 */
export async function runIntent(
  trip: Trip,
  form: FormData,
  handlers: Record<string, (trip: Trip, form: FormData) => Promise<TripOutcome>>,
  back: string,
) {
  const handler = handlerFor(handlers, form.get("intent"));
  if (!handler) return refuse({ error: UNKNOWN_REQUEST, form: "page" });
  const outcome = await handler(trip, form);
  if (outcome.failure) return refuse<unknown>(outcome.failure);
  const message =
    outcome.message.length > FLASH_MAX ? `${outcome.message.slice(0, FLASH_MAX - 1)}…` : outcome.message;
  return redirect(back, { headers: { "Set-Cookie": await setFlash({ message }) } });
}
