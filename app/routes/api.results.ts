import { listResultRecords } from "~/features/results/index.server";
import { apiJson, apiRoute } from "~/platform/services/api.server";

// Public: the records carry no e-mail, shirt sizes or free text (../shared/API.md).
export const { loader, action } = apiRoute({
  GET: async () => apiJson(await listResultRecords()),
});
