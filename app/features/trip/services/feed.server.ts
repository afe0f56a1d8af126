import { createHmac, randomBytes } from "node:crypto";
import { hashToken } from "~/platform/models/session.server";
import { cookieSecret, sealWith, unsealWith } from "~/platform/services/secret.server";
import { getAnnouncementValue } from "~/features/season/index.server";
import { getEventPlan } from "~/features/results/index.server";
import { parseRound } from "~/features/season/lib/announcement";
import { feedFingerprint, nextSequence, tripFeed } from "~/features/trip/lib/feed";
import {
  findFeed,
  getFeedToken,
  resealFeedToken,
  storeFeedSequence,
  storeFeedToken,
  type FeedToken,
} from "~/features/trip/models/feed.server";
import { listTravel } from "~/features/trip/models/travel.server";
import { listTripMembers } from "~/features/trip/services/trip-members.server";

/**
 * The token behind a member's address, when this planner can show it: its seal opens under this
 * planner's secret, or (an address made before 2026-11-29) the secret and the salt give it again.
 * Undefined after a restore, whose file holds neither (decision 028).
 */
async function shownToken(userId: number, stored: FeedToken) {
  const sealed = stored.sealed ? await unsealWith("feed-seal", stored.sealed) : undefined;
  if (sealed) return sealed;
  if (!stored.salt) return undefined;
  const derived = createHmac("sha256", await cookieSecret())
    .update(`trip-feed:${userId}:${stored.salt}`)
    .digest("base64url");
  return hashToken(derived) === stored.tokenHash ? derived : undefined;
}

/**
 * The member's calendar addresses (https and webcal); `hidden` when the address still answers but
 * this planner cannot show it (restored from a backup) until the calendar fetches it once; null
 * before they asked for one.
 */
export async function feedAddresses(
  userId: number,
  origin: string,
): Promise<{ https: string; webcal: string } | { hidden: true } | null> {
  const stored = await getFeedToken(userId);
  if (!stored) return null;
  const token = await shownToken(userId, stored);
  if (!token) return { hidden: true };
  const https = `${origin}/calendar/${token}.ics`;
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}

/** A new address; the old one answers 404 from now on. */
export async function renewFeed(userId: number): Promise<{ renewed: boolean }> {
  const renewed = Boolean(await getFeedToken(userId));
  const token = randomBytes(32).toString("base64url");
  await storeFeedToken(userId, token, await sealWith("feed-seal", token));
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
  // The address answers, so its owner's calendar holds it: kept again where the page can show it.
  if ((await shownToken(feed.userId, feed)) !== token) {
    await resealFeedToken(feed.userId, await sealWith("feed-seal", token));
  }
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
