import { memberFootprint } from "~/models/tidy.server";

/** The member an organiser tidy-up page is about, or a 404 for an id that is not one. */
export async function findMember(id: string | undefined) {
  const member = /^\d{1,9}$/.test(id ?? "") ? await memberFootprint(Number(id)) : null;
  if (!member) throw new Response("Member not found", { status: 404 });
  return member;
}
