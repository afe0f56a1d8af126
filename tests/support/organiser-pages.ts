import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { seedDemoData } from "~/seed.server";
import { cookieFrom } from "./requests";
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

/**
 * For a test file: the demo data, with organiser@example.com the organiser (in ADMIN_EMAILS and
 * confirmed) and logged in as `cookie`; ADMIN_EMAILS is put back after the file.
 */
export function useDemoOrganiser(database: { db: Parameters<typeof seedDemoData>[0] }) {
  const adminEmails = process.env.ADMIN_EMAILS;
  const organiser = { cookie: "" };
  beforeAll(async () => {
    process.env.ADMIN_EMAILS = "organiser@example.com";
    resetEnvCache();
    await seedDemoData(database.db, { confirmOrganisers: true });
    const user = await getUserByEmail("organiser@example.com");
    organiser.cookie = cookieFrom(await createUserSession(user!.id, "/"));
  });
  afterAll(() => {
    process.env.ADMIN_EMAILS = adminEmails;
    resetEnvCache();
  });
  return organiser;
}
