import { listSurveyRecords } from "~/models/results.server";
import { apiJson, apiRoute } from "~/services/api.server";
import { isOrganiser } from "~/services/organiser.server";
import { requireApiUser } from "~/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return apiJson(await listSurveyRecords({ email: user.email, organiser: isOrganiser(user) }));
  },
});
