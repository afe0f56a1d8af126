import { houseInputSchema } from "~/features/houses/lib/house-schema";
import { duplicateListingMessage } from "~/features/houses/lib/house-rules";
import { createHouse, findHouseByListing, listHouses } from "~/features/houses/models/house.server";
import { apiError, apiJson, apiRoute, readApiBody, validationError } from "~/platform/services/api.server";
import { requestHousePhotos } from "~/features/houses/services/house-photos.server";
import { requireApiUser } from "~/platform/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiUser(request);
    return apiJson(await listHouses());
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const parsed = houseInputSchema.safeParse(await readApiBody(request));
    if (!parsed.success) return validationError(parsed.error);
    const listed = await findHouseByListing(parsed.data.url);
    if (listed) {
      const message = duplicateListingMessage(listed);
      return apiError(409, message, { fieldErrors: { url: message } });
    }
    const house = await createHouse(parsed.data, user);
    void requestHousePhotos();
    return apiJson(house, { status: 201 });
  },
});
