import { apiJson, apiRoute } from "~/services/api.server";
import { requireApiUser, revokeApiSession } from "~/services/session.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    await requireApiUser(request);
    await revokeApiSession(request);
    return apiJson({ ok: true });
  },
});
