import { apiJson, apiRoute } from "~/platform/services/api.server";
import { apiUser } from "~/features/accounts/index.server";
import { requireApiUser } from "~/platform/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => apiJson(apiUser(await requireApiUser(request))),
});
