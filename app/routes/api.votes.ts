import { z } from "zod";
import { idSchema, voteChoiceSchema } from "~/features/houses/lib/house-schema";
import { OUT_OF_PLAY_VOTE } from "~/features/houses/lib/house-rules";
import { castVote, getHouseVoteCounts } from "~/features/houses/index.server";
import { apiError, apiJson, apiRoute, readApiBody, validationError } from "~/platform/services/api.server";
import { requireApiUser } from "~/platform/services/session.server";
import { EditionClosedError } from "~/features/season/index.server";

const voteSchema = z.object({
  house_id: idSchema("house_id"),
  // The legacy client names the voter; it may only ever be the caller.
  user_id: idSchema("user_id").optional(),
  vote: voteChoiceSchema,
});

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const parsed = voteSchema.safeParse(await readApiBody(request));
    if (!parsed.success) return validationError(parsed.error);
    const { house_id, user_id, vote } = parsed.data;
    if (user_id !== undefined && user_id !== user.id) {
      return apiError(403, "You can only vote for yourself");
    }
    try {
      const result = await castVote({ houseId: house_id, userId: user.id, vote });
      if ("refused" in result) {
        return result.refused === "out of play"
          ? apiError(409, OUT_OF_PLAY_VOTE)
          : apiError(404, "House not found");
      }
      // The legacy client shows the house's new counts; the page re-reads them with the grid.
      return apiJson({ ...result, counts: await getHouseVoteCounts(house_id) });
    } catch (error) {
      if (error instanceof EditionClosedError) return apiError(409, error.message);
      throw error;
    }
  },
});
