import { redirect } from "@remix-run/node";
import { getHouse } from "~/features/houses/index.server";
import { houseFootprint, memberFootprint } from "~/features/organiser/models/tidy.server";
import { setFlash, withFlash } from "~/platform/services/flash.server";
import { requireOrganiser } from "~/features/accounts/index.server";
import { backToList } from "~/features/organiser/lib/member-list";
import { CONFIRM_INTENT } from "~/features/organiser/lib/tidy-words";
import { UNKNOWN_REQUEST } from "~/platform/lib/dispatch";
import { anyFields, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";

/** An organiser's page: only for the organiser, then what `load` gives them, with the flash. */
export async function requireOrganiserPage<T extends object>(
  request: Request,
  load: (organiser: Awaited<ReturnType<typeof requireOrganiser>>) => Promise<T>,
) {
  const organiser = await requireOrganiser(request);
  return withFlash(request, load(organiser));
}

/**
 * The prelude of the organiser's pages about one house or member (edit or delete a house, delete an
 * account, remove a survey): only for the organiser, and a 404 for an id that names nothing.
 */
async function byId<T>(
  id: string | undefined,
  find: (id: number) => Promise<T | null | undefined>,
  what: string,
) {
  const found = /^\d{1,9}$/.test(id ?? "") ? await find(Number(id)) : null;
  if (!found) throw new Response(`${what} not found`, { status: 404 });
  return found;
}

/** The house to edit, as stored. */
export async function houseToEdit(request: Request, id: string | undefined) {
  await requireOrganiser(request);
  return byId(id, getHouse, "House");
}

/** The house to delete, with what goes with it. */
export async function houseToTidy(request: Request, id: string | undefined) {
  await requireOrganiser(request);
  return byId(id, houseFootprint, "House");
}

/** The member to tidy up after, with what they left, and the organiser doing it. */
export async function memberToTidy(request: Request, id: string | undefined) {
  const organiser = await requireOrganiser(request);
  return { organiser, member: await byId(id, memberFootprint, "Member") };
}

export const PEOPLE_PAGE = "/organiser/people";
export const HOUSES_PAGE = "/organiser/houses";

/** Back to the organiser page the step started from, whose flash says what was done. */
export async function backToOrganiser(page: string, message: string) {
  return redirect(page, { headers: { "Set-Cookie": await setFlash({ message }) } });
}

/** A step's page about one member (remove their survey, delete their houses): them, and the way back. */
export async function memberStep(request: Request, id: string | undefined) {
  const { member } = await memberToTidy(request, id);
  return { member, back: listPageOf(request, PEOPLE_PAGE) };
}

/**
 * A confirmation step's post, read: its fields, or the refusal (400, nothing changed) of a post that
 * is not the step's own. Every other action looks its intent up; these ran on any post, so
 * `intent=constructor` removed a survey (issue 53).
 */
export async function readConfirmation(request: Request) {
  const read = await readForm(request, anyFields);
  if (!read.ok) return { refusal: refuse(read.failure) };
  if (read.data.intent !== CONFIRM_INTENT) return { refusal: refuse({ error: UNKNOWN_REQUEST }) };
  return { form: read.data };
}

/** A step's post about one member: `act` on them, then back to the list, whose flash is what it says. */
export async function tidyMember(
  request: Request,
  id: string | undefined,
  act: (member: NonNullable<Awaited<ReturnType<typeof memberFootprint>>>) => Promise<string>,
) {
  const { member } = await memberToTidy(request, id);
  const { refusal } = await readConfirmation(request);
  if (refusal) return refusal;
  return backToOrganiser(listPageOf(request, PEOPLE_PAGE), await act(member));
}

/**
 * The page of the list a step was opened from (its `?back=`: the list's page and search), so the
 * step's "Keep it" and its redirect return to the row it acted on; the list's first page otherwise.
 */
export function listPageOf(request: Request, page: string): string {
  return backToList(page, new URL(request.url).searchParams.get("back"));
}
