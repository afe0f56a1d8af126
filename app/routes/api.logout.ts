import { apiJson, apiRoute } from "~/platform/services/api.server";
import { requireApiUser, revokeApiSession } from "~/platform/services/session.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    await requireApiUser(request);
    await revokeApiSession(request);
    return apiJson({ ok: true });
  },
});
