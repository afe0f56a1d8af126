import { redirect } from "@remix-run/node";
import { anyFields, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";
import { UNKNOWN_REQUEST, handlerFor } from "~/platform/lib/dispatch";
import { env } from "~/platform/env.server";
import { setFlash } from "~/platform/services/flash.server";
import type { TripForm, TripOutcome } from "~/features/trip/services/trip-actions.server";
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
 * Reads the post and runs its intent's handler: a refusal answers 400 with the failure (and what was
 * typed), a success redirects back to the page's section with its message (post/redirect/get).
 */
export async function runIntent(
  trip: Trip,
  request: Request,
  handlers: Record<string, (trip: Trip, form: TripForm) => Promise<TripOutcome>>,
  back: string,
) {
  const read = await readForm(request, anyFields);
  if (!read.ok) return refuse({ ...read.failure, form: "page" });
  const handler = handlerFor(handlers, read.data.intent);
  if (!handler) return refuse({ error: UNKNOWN_REQUEST, form: "page" });
  const outcome = await handler(trip, read.data);
  if (!("message" in outcome)) return outcome;
  const message =
    outcome.message.length > FLASH_MAX ? `${outcome.message.slice(0, FLASH_MAX - 1)}…` : outcome.message;
  return redirect(back, { headers: { "Set-Cookie": await setFlash({ message }) } });
}
