import { apiJson, apiRoute, readApiBody } from "~/platform/services/api.server";
import { clientIp } from "~/platform/services/request-path.server";
import { answerAuthFailures, requestPasswordReset } from "~/features/accounts/index.server";

export const { loader, action } = apiRoute({
  POST: ({ request }) =>
    answerAuthFailures(async () => {
      await requestPasswordReset(await readApiBody(request), clientIp(request));
      return apiJson({ message: "If that account exists, a reset link is on its way." });
    }),
});
