import { houseForApi } from "~/features/houses/lib/house-rules";
import { housePatchSchema, parseId, stateError } from "~/features/houses/lib/house-schema";
import { priceChange } from "~/features/houses/lib/money-schema";
import { getHouse, requestHousePhotos, updateHouse } from "~/features/houses/index.server";
import { apiError, apiJson, apiRoute, readApiBody, validationError } from "~/platform/services/api.server";
import { houseChangeRefusal } from "~/features/results/index.server";
import { isOrganiser } from "~/features/accounts/index.server";
import { requireApiUser } from "~/platform/services/session.server";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    if (!(await isOrganiser(user))) return apiError(403, "Only organisers can change houses");
    const id = parseId(params.id);
    const house = id ? await getHouse(id) : undefined;
    if (!id || !house) return apiError(404, "House not found");
    const parsed = housePatchSchema.safeParse(await readApiBody(request));
    if (!parsed.success) return validationError(parsed.error);
    const { price, ...patch } = parsed.data;
    const refusal = await houseChangeRefusal(house, patch);
    if (refusal) return apiError(409, refusal);
    if (patch.country !== undefined || patch.state !== undefined) {
      const message = stateError(patch.country ?? house.country, patch.state ?? house.state);
      if (message) return apiError(400, message, { fieldErrors: { state: message } });
    }
    const priced = priceChange({ price, currency: patch.currency }, house);
    if (!priced.ok) return apiError(400, priced.error, { fieldErrors: { price: priced.error } });
    const updated = await updateHouse(id, { ...patch, ...priced.change });
    if (!updated) return apiError(404, "House not found");
    if (patch.listing_img !== undefined) void requestHousePhotos();
    return apiJson(houseForApi(updated));
  },
});
