import { EditionClosedError, getCurrentEdition } from "~/features/season/index.server";
import { getSurvey, saveSurvey, surveyClosedReason } from "~/features/survey/index.server";
import { SURVEY_FIELDS } from "~/features/survey/lib/survey-fields";
import { parseSurvey } from "~/features/survey/lib/survey-schema";
import { apiError, apiJson, apiRoute, readApiBody, validationError } from "~/platform/services/api.server";
import { requireApiUser } from "~/platform/services/session.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return apiJson((await getSurvey(user.id)) ?? {});
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const closed = await surveyClosedReason();
    if (closed) return apiError(403, closed);
    const body = await readApiBody(request, { required: true });
    // A body with none of the survey's fields would save a blank survey over the member's answers.
    if (!SURVEY_FIELDS.some((field) => field in body)) {
      return apiError(400, "The survey must be a JSON object with the survey's fields");
    }
    const edition = await getCurrentEdition();
    const result = parseSurvey(body, edition);
    if (!result.success) return validationError(result.error);
    try {
      const survey = await saveSurvey(user.id, result.data, edition);
      return apiJson({ message: "Survey saved", survey });
    } catch (error) {
      if (error instanceof EditionClosedError) return apiError(409, error.message);
      throw error;
    }
  },
});
