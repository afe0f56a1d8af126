import { apiJson, apiRoute } from "~/services/api.server";
import { apiUser } from "~/services/auth.server";
import { requireApiUser } from "~/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => apiJson(apiUser(await requireApiUser(request))),
});
