import { apiJson, apiRoute, readApiBody } from "~/services/api.server";
import { clientIp } from "~/services/request-path.server";
import { answerAuthFailures, requestPasswordReset } from "~/services/auth.server";

export const { loader, action } = apiRoute({
  POST: ({ request }) =>
    answerAuthFailures(async () => {
      await requestPasswordReset(await readApiBody(request), clientIp(request));
      return apiJson({ message: "If that account exists, a reset link is on its way." });
    }),
});
