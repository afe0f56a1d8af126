import { houseForApi } from "~/features/houses/lib/house-rules";
import { houseInputSchema } from "~/features/houses/lib/house-schema";
import { listHouses, saveSuggestion } from "~/features/houses/index.server";
import { apiError, apiJson, apiRoute, readApiBody, validationError } from "~/platform/services/api.server";
import { retryAfterHeaders } from "~/platform/lib/retry-after";
import { clientIp } from "~/platform/services/request-path.server";
import { requireApiUser } from "~/platform/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiUser(request);
    return apiJson((await listHouses()).map(houseForApi));
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const parsed = houseInputSchema.safeParse(await readApiBody(request));
    if (!parsed.success) return validationError(parsed.error);
    const saved = await saveSuggestion(user, parsed.data, clientIp(request));
    if ("refused" in saved) {
      const { status, error, field, retryAfter } = saved.refused;
      return apiError(status, error, {
        fieldErrors: field ? { [field]: error } : undefined,
        headers: retryAfterHeaders(retryAfter),
      });
    }
    return apiJson(houseForApi(saved.house), { status: 201 });
  },
});
