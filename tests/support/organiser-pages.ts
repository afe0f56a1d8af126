import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as overview from "~/routes/organiser";
import * as decide from "~/routes/organiser_.decide";
import * as people from "~/routes/organiser_.people";
import * as houses from "~/routes/organiser_.houses._index";
import * as mail from "~/routes/organiser_.mail";
import * as event from "~/routes/organiser_.event";

/** Which organiser page answers each intent (each page posts only its own task's forms). */
const PAGE_OF_INTENT: Record<string, { action: (args: ActionFunctionArgs) => unknown }> = {
  "choose-weekend": decide,
  "clear-weekend": decide,
  choose: decide,
  unchoose: decide,
  "set-deadline": people,
  "close-now": people,
  "clear-deadline": people,
  "send-reminder": people,
  "retry-reminder": people,
  invite: people,
  "check-invites": people,
  "add-organiser": people,
  "remove-organiser": people,
  announce: mail,
  "save-event": event,
  "in-play": houses,
  "out-of-play": houses,
  previous: houses,
  "not-previous": houses,
};

/** Posts a form to the organiser page its intent belongs to, as the browser's form on that page does. */
export async function organiserAction(args: ActionFunctionArgs & LoaderFunctionArgs) {
  const intent = String((await args.request.clone().formData()).get("intent") ?? "");
  const page = PAGE_OF_INTENT[intent] ?? people;
  return page.action(args);
}

/**
 * Every organiser page's loader data in one object (the overview's, then each page's), for tests
 * that read what the organiser sees after a step, wherever it is shown.
 */
export async function organiserLoader(args: LoaderFunctionArgs & ActionFunctionArgs) {
  const pages = [overview, decide, people, houses, mail, event];
  let merged: Record<string, unknown> = {};
  for (const page of pages) {
    const request = new Request(args.request.url, { headers: args.request.headers });
    const result = (await page.loader({ ...args, request })) as unknown;
    if (result instanceof Response) return result;
    const withInit = result as { type?: unknown; data?: Record<string, unknown>; init?: ResponseInit | null };
    const body =
      withInit?.type === "DataWithResponseInit" ? withInit.data : (result as Record<string, unknown>);
    merged = { ...merged, ...body };
  }
  return merged;
}
