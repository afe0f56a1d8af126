import { getMemberVotes } from "~/models/vote.server";
import { apiJson, apiRoute } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return apiJson(await getMemberVotes(user.id));
  },
});
