import { apiJson, apiRoute, readApiBody } from "~/services/api.server";
import { answerAuthFailures, apiUser, registerMember } from "~/services/auth.server";
import { clientIp } from "~/services/request-path.server";

export const { loader, action } = apiRoute({
  POST: ({ request }) =>
    answerAuthFailures(async () => {
      const user = await registerMember(await readApiBody(request), clientIp(request));
      return apiJson({ user: apiUser(user) }, { status: 201 });
    }),
});
