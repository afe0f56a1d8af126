import { getMemberVotes } from "~/features/houses/index.server";
import { apiJson, apiRoute } from "~/platform/services/api.server";
import { requireApiUser } from "~/platform/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return apiJson(await getMemberVotes(user.id));
  },
});
