import { listSurveyRecords } from "~/features/results/index.server";
import { apiJson, apiRoute } from "~/platform/services/api.server";
import { isOrganiser } from "~/features/accounts/index.server";
import { requireApiUser } from "~/platform/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return apiJson(await listSurveyRecords({ email: user.email, organiser: await isOrganiser(user) }));
  },
});
