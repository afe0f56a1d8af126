import { apiJson, apiRoute, readApiBody } from "~/platform/services/api.server";
import { answerAuthFailures, apiUser, registerMember } from "~/features/accounts/index.server";
import { clientIp } from "~/platform/services/request-path.server";

export const { loader, action } = apiRoute({
  POST: ({ request }) =>
    answerAuthFailures(async () => {
      const user = await registerMember(await readApiBody(request), clientIp(request));
      return apiJson({ user: apiUser(user) }, { status: 201 });
    }),
});
