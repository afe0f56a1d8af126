import { createHmac, randomBytes } from "node:crypto";
import { cookieSecret } from "~/platform/services/secret.server";
import { getAnnouncementValue } from "~/features/season/index.server";
import { getEventPlan } from "~/features/results/index.server";
import { parseRound } from "~/features/season/lib/announcement";
import { feedFingerprint, nextSequence, tripFeed } from "~/features/trip/lib/feed";
import { findFeed, getFeedSalt, storeFeedSequence, storeFeedToken } from "~/features/trip/models/feed.server";
import { listTravel } from "~/features/trip/models/travel.server";
import { listTripMembers } from "~/features/trip/services/trip-members.server";

async function tokenFor(userId: number, salt: string) {
  return createHmac("sha256", await cookieSecret())
    .update(`trip-feed:${userId}:${salt}`)
    .digest("base64url");
}

/** The member's calendar addresses (https and webcal), or null before they asked for one. */
export async function feedAddresses(userId: number, origin: string) {
  const salt = await getFeedSalt(userId);
  if (!salt) return null;
  const https = `${origin}/calendar/${await tokenFor(userId, salt)}.ics`;
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}

/** A new address; the old one answers 404 from now on. */
export async function renewFeed(userId: number): Promise<{ renewed: boolean }> {
  const renewed = Boolean(await getFeedSalt(userId));
  const salt = randomBytes(16).toString("base64url");
  await storeFeedToken(userId, salt, await tokenFor(userId, salt));
  return { renewed };
}

/**
 * The feed behind a token, or null (404): an unknown or renewed token, or a member no longer on
 * the trip. Never the practical notes: only what /sgw25.ics already says plus their own times.
 */
export async function serveFeed(token: string, appUrl: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const feed = await findFeed(token);
  if (!feed) return null;
  const [members, plan, travel, round] = await Promise.all([
    listTripMembers(),
    getEventPlan(),
    listTravel(),
    getAnnouncementValue().then(parseRound),
  ]);
  if (!members.some((member) => member.userId === feed.userId) || !plan.season.decided) return null;
  const mine = travel.find((row) => row.userId === feed.userId);
  const input = {
    event: plan.event,
    location: plan.location,
    userId: feed.userId,
    arrival: mine ? { day: mine.arrivalDay, part: mine.arrivalPart, time: mine.arrivalTime } : null,
    departure: mine ? { day: mine.departureDay, part: mine.departurePart, time: mine.departureTime } : null,
  };
  const fingerprint = feedFingerprint(input);
  const stored = feed.fingerprint ? { fingerprint: feed.fingerprint, sequence: feed.sequence } : null;
  const sequence = nextSequence(stored, fingerprint, round?.sequence ?? 0);
  if (!stored || stored.fingerprint !== fingerprint || stored.sequence !== sequence) {
    await storeFeedSequence(
      feed.userId,
      { fingerprint: feed.fingerprint, sequence: feed.sequence },
      { fingerprint, sequence },
    );
  }
  return tripFeed({ ...input, appUrl, sequence });
}
