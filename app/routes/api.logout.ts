import { apiJson, apiRoute } from "~/services/api.server";
import { requireApiUser, revokeBearerToken } from "~/services/session.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    await requireApiUser(request);
    await revokeBearerToken(request);
    return apiJson({ ok: true });
  },
});
