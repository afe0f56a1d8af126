import { createSession } from "~/platform/models/session.server";
import { getSurvey } from "~/features/survey/index.server";
import { apiJson, apiRoute, readApiBody } from "~/platform/services/api.server";
import { answerAuthFailures, apiUser, verifyCredentials } from "~/features/accounts/index.server";
import { clientIp } from "~/platform/services/request-path.server";

export const { loader, action } = apiRoute({
  POST: ({ request }) =>
    answerAuthFailures(async () => {
      const user = await verifyCredentials(await readApiBody(request), clientIp(request));
      const { token } = await createSession(user.id);
      return apiJson({ token, user: apiUser(user), survey: await getSurvey(user.id) });
    }),
});
