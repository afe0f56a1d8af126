import { apiJson, apiRoute, readApiBody } from "~/services/api.server";
import { clientIp } from "~/services/request-path.server";
import { answerAuthFailures, resetPassword } from "~/services/auth.server";

export const { loader, action } = apiRoute({
  POST: ({ request }) =>
    answerAuthFailures(async () => {
      await resetPassword(await readApiBody(request), clientIp(request));
      return apiJson({ message: "Password has been reset" });
    }),
});
