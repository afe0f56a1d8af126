import { getVoteCounts } from "~/features/houses/index.server";
import { apiJson, apiRoute } from "~/platform/services/api.server";
import { requireApiUser } from "~/platform/services/session.server";

// A static segment outranks /api/houses/:id, so "votes" is never read as a house id here.
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiUser(request);
    return apiJson(await getVoteCounts());
  },
});
