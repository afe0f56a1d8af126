import { houseInputSchema } from "~/lib/house-schema";
import { createHouse, listHouses } from "~/models/house.server";
import { apiJson, apiRoute, readApiBody, validationError } from "~/services/api.server";
import { requestHousePhotos } from "~/services/house-photos.server";
import { requireApiUser } from "~/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiUser(request);
    return apiJson(await listHouses());
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const parsed = houseInputSchema.safeParse(await readApiBody(request));
    if (!parsed.success) return validationError(parsed.error);
    const house = await createHouse(parsed.data, user);
    void requestHousePhotos();
    return apiJson(house, { status: 201 });
  },
});
