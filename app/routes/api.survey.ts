import { getSurvey, saveSurvey } from "~/models/survey.server";
import { parseSurvey } from "~/lib/survey-schema";
import { apiError, apiJson, apiRoute, readApiBody, validationError } from "~/services/api.server";
import { surveyClosedReason } from "~/services/survey-deadline.server";
import { requireApiUser } from "~/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return apiJson((await getSurvey(user.id)) ?? {});
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const closed = await surveyClosedReason();
    if (closed) return apiError(403, closed);
    const result = parseSurvey(await readApiBody(request));
    if (!result.success) return validationError(result.error);
    const survey = await saveSurvey(user.id, result.data);
    return apiJson({ message: "Survey saved", survey });
  },
});
