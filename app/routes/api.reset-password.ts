import { apiJson, apiRoute, readApiBody } from "~/platform/services/api.server";
import { clientIp } from "~/platform/services/request-path.server";
import { answerAuthFailures, resetPassword } from "~/features/accounts/index.server";

export const { loader, action } = apiRoute({
  POST: ({ request }) =>
    answerAuthFailures(async () => {
      await resetPassword(await readApiBody(request), clientIp(request));
      return apiJson({ message: "Password has been reset" });
    }),
});
