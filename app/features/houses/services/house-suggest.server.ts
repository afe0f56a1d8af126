import type { FormFailure } from "~/platform/lib/form-failure";
import { houseInputErrors, houseInputSchema } from "~/features/houses/lib/house-schema";
import {
  SUBMIT_FAILED,
  draftQuery,
  keptQuery,
  toHouseInput,
  type SuggestFormValues,
} from "~/features/houses/lib/suggest-form";
import { duplicateListingMessage } from "~/features/houses/lib/house-rules";
import { createHouse, findHouseByListing } from "~/features/houses/models/house.server";
import { requestHousePhotos } from "~/features/houses/services/house-photos.server";

/** What became of a suggestion: the page to go to, or the form's errors with what was sent. */
export type SuggestOutcome =
  | { saved: true; to: string }
  | {
      saved: false;
      status: number;
      failure: FormFailure<SuggestFormValues>;
    };

/** Checks and saves a suggested house for a member. Used by the form's action and after a login. */
export async function suggestHouse(
  member: { id: number; name: string | null },
  values: SuggestFormValues,
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
  const listed = await findHouseByListing(parsed.data.url);
  if (listed) {
    const message = duplicateListingMessage(listed);
    return { saved: false, status: 409, failure: { error: message, fieldErrors: { url: message }, values } };
  }
  try {
    const house = await createHouse(parsed.data, member);
    // The photo is fetched in the background; the suggestion never waits for it.
    void requestHousePhotos();
    // Post/redirect/get; the query carries what the spec keeps after a success.
    return { saved: true, to: `/houses-suggest?${keptQuery(values, house.id)}` };
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
export async function applyKeptHouse(member: { id: number; name: string | null }, values: SuggestFormValues) {
  const outcome = await suggestHouse(member, values);
  return { to: outcome.saved ? outcome.to : `/houses-suggest?${draftQuery(values)}` };
}
