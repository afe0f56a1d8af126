import type { FormFailure } from "~/platform/lib/form-failure";
import { houseInputErrors, houseInputSchema, type HouseInput } from "~/features/houses/lib/house-schema";
import {
  SUBMIT_FAILED,
  draftQuery,
  keptQuery,
  toHouseInput,
  type SuggestFormValues,
} from "~/features/houses/lib/suggest-form";
import { duplicateListingMessage, type HouseRecord } from "~/features/houses/lib/house-rules";
import {
  IN_PLAY_RETRY_SECONDS,
  MEMBER_IN_PLAY_MESSAGE,
  TOTAL_IN_PLAY_MESSAGE,
  addressLimitMessage,
  memberDailyLimitMessage,
} from "~/features/houses/lib/suggest-limits";
import { createHouse, findHouseByListing } from "~/features/houses/models/house.server";
import { LIMITS, countAttempt, refundAttempt } from "~/platform/services/rate-limit.server";
import { requestHousePhotos } from "~/features/houses/services/photo-worker.server";

/** Why a valid suggestion was not saved: the status, the message, and how long to wait (429s). */
export type SuggestRefusal = { status: number; error: string; field?: "url"; retryAfter?: number };

/**
 * Takes one of the member's and the address's suggestion turns. A refused attempt gives its counts
 * back, so what is counted is what got saved; `release` gives them back when the save does not happen.
 */
async function takeTurn(
  memberId: number,
  ip: string,
): Promise<{ refused: SuggestRefusal } | { release: () => Promise<unknown> }> {
  const turns = [
    [LIMITS.suggestIp, ip, addressLimitMessage],
    [LIMITS.suggestMember, String(memberId), memberDailyLimitMessage],
  ] as const;
  const taken: (typeof turns)[number][] = [];
  const release = () => Promise.all(taken.map(([limit, subject]) => refundAttempt(limit, subject)));
  for (const turn of turns) {
    const [limit, subject, message] = turn;
    const { retryAfter } = await countAttempt(limit, subject);
    taken.push(turn);
    if (retryAfter) {
      await release();
      return { refused: { status: 429, error: message(retryAfter), retryAfter } };
    }
  }
  return { release };
}

/**
 * Saves a checked suggestion for a member, within the caps (SUGGEST_LIMITS): a listing already on the
 * list, a member over their daily turns or houses in play, an address over its turns, or a full list
 * are refused with nothing saved. The form, POST /api/houses and the login's kept suggestion all
 * come here.
 */
export async function saveSuggestion(
  member: { id: number; name: string | null },
  input: HouseInput,
  ip: string,
): Promise<{ house: HouseRecord } | { refused: SuggestRefusal }> {
  const listed = await findHouseByListing(input.url);
  if (listed) return { refused: { status: 409, error: duplicateListingMessage(listed), field: "url" } };
  const turn = await takeTurn(member.id, ip);
  if ("refused" in turn) return turn;
  let created: Awaited<ReturnType<typeof createHouse>>;
  try {
    created = await createHouse(input, member);
  } catch (error) {
    await turn.release();
    throw error;
  }
  if ("full" in created) {
    await turn.release();
    const error = created.full === "member" ? MEMBER_IN_PLAY_MESSAGE : TOTAL_IN_PLAY_MESSAGE;
    return { refused: { status: 429, error, retryAfter: IN_PLAY_RETRY_SECONDS } };
  }
  // The photo is fetched in the background; the suggestion never waits for it.
  void requestHousePhotos();
  return created;
}

/** What became of a suggestion from the form: the page to go to, or the form's errors with what was sent. */
export type SuggestOutcome =
  | { saved: true; to: string }
  | {
      saved: false;
      status: number;
      failure: FormFailure<SuggestFormValues>;
      retryAfter?: number;
    };

/** Checks and saves a suggested house from the form. Used by the form's action and after a login. */
export async function suggestHouse(
  member: { id: number; name: string | null },
  values: SuggestFormValues,
  ip: string,
): Promise<SuggestOutcome> {
  const input = toHouseInput(values);
  const parsed = houseInputSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = houseInputErrors(parsed.error, input);
    return {
      saved: false,
      status: 400,
      failure: { error: parsed.error.issues[0].message, fieldErrors, values },
    };
  }
  try {
    const saved = await saveSuggestion(member, parsed.data, ip);
    if ("refused" in saved) {
      const { status, error, field, retryAfter } = saved.refused;
      const fieldErrors: Record<string, string> = field ? { [field]: error } : {};
      return { saved: false, status, failure: { error, fieldErrors, values }, retryAfter };
    }
    // Post/redirect/get; the query carries what the spec keeps after a success.
    return { saved: true, to: `/houses-suggest?${keptQuery(values, saved.house.id)}` };
  } catch (error) {
    console.error("Saving a suggested house failed:", error);
    return { saved: false, status: 500, failure: { error: SUBMIT_FAILED, fieldErrors: {}, values } };
  }
}

/**
 * Saves a suggestion that was posted after the session ended, right after the login (the page
 * then says "House submitted successfully!"). One that cannot be saved comes back on the form as
 * it was typed, for the member to fix and send again.
 */
export async function applyKeptHouse(
  member: { id: number; name: string | null },
  values: SuggestFormValues,
  ip: string,
) {
  const outcome = await suggestHouse(member, values, ip);
  return { to: outcome.saved ? outcome.to : `/houses-suggest?${draftQuery(values)}` };
}
