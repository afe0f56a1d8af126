import { listSurveyRecords } from "~/models/results.server";
import { apiJson, apiRoute } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiUser(request);
    return apiJson(await listSurveyRecords());
  },
});
