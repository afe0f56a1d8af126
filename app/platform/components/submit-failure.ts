import { isRouteErrorResponse, useActionData, type ClientActionFunctionArgs } from "@remix-run/react";
import { ANSWER_FIELD, houseForm, type FormFailure } from "~/platform/lib/form-failure";

/**
 * The one way every enhanced page form survives a failed submit (docs/decisions/003-js-off-first.md). Each form route exports
 * `clientAction = keepInputOnFailure`: the post
 * goes to the route's server action as before, but when the network drops or the server answers
 * 5xx, the page is not swapped for the error boundary. The action data becomes a `SubmitFailure`,
 * the form stays mounted (so everything typed stays in its fields) and the view shows `error` in
 * its usual `role="alert"` place; pressing the button again retries. Without JavaScript none of
 * this runs and the server's own answer is the page.
 */
export type SubmitFailure = FormFailure<never> & {
  error: string;
  failed: "network" | "server" | "refused";
};

/** Refusals whose reason the member can act on (another address, too much data): said in place. */
const REFUSALS_SAID_IN_PLACE = new Set([403, 413, 415]);

export const NETWORK_FAILURE =
  "Could not reach the server, so nothing was saved. Everything you entered is still here: check your connection and try again.";

export const serverFailure = (status?: number) =>
  `The server could not handle this just now${status ? ` (error ${status})` : ""}, so nothing was saved. Everything you entered is still here: please try again.`;

function statusOf(error: unknown) {
  if (error instanceof Response) return error.status;
  if (error && typeof error === "object" && "status" in error && typeof error.status === "number") {
    return error.status;
  }
  return undefined;
}

function describe(error: unknown): Pick<SubmitFailure, "error" | "failed"> {
  // fetch() rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return { error: NETWORK_FAILURE, failed: "network" };
  return { error: serverFailure(statusOf(error)), failed: "server" };
}

export async function keepInputOnFailure({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  try {
    return await serverAction();
  } catch (error) {
    // Redirects (a success, or the login page) and 4xx answers are the server's word: pass them on.
    const status = statusOf(error);
    if (
      isRouteErrorResponse(error) &&
      REFUSALS_SAID_IN_PLACE.has(error.status) &&
      typeof error.data === "string"
    ) {
      return failure({ error: error.data, failed: "refused" }, form, error.status);
    }
    if (status !== undefined && status < 500) throw error;
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      return failure({ error: NETWORK_FAILURE, failed: "network" }, form);
    }
    return failure(describe(error), form);
  }
}

/** Which of the page's forms was sent (see FormFailure's `form`), so the view can place the message. */
function formKey(form: FormData | null) {
  const declared = form?.get(ANSWER_FIELD);
  if (typeof declared === "string" && declared) return declared;
  const houseId = Number(form?.get("houseId"));
  if (Number.isInteger(houseId) && houseId > 0) return houseForm(houseId);
  const intent = form?.get("intent");
  return typeof intent === "string" ? intent : undefined;
}

function failure(reason: Pick<SubmitFailure, "error" | "failed">, form: FormData | null, status = 503) {
  const key = formKey(form);
  const body: SubmitFailure = { ...reason, ...(key ? { form: key } : {}) };
  // An error status tells the router (single fetch skips revalidation after action errors) not to
  // re-read any loader, the root's included: nothing was saved, and over a dead connection that
  // read would fail too. A Response, because single fetch re-wraps `data()` and drops its status.
  return Response.json(body, { status });
}

/** The route action's own answer, or a `SubmitFailure` when it never arrived. */
export function useActionResult<Action>() {
  return useActionData<Action>() as ReturnType<typeof useActionData<Action>> | SubmitFailure;
}
