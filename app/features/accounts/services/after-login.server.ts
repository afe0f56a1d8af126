import { applyKeptHouse } from "~/features/houses/index.server";
import { findKeptSubmission } from "~/features/accounts/services/kinds/kept-submission.server";
import { applyKeptSection } from "~/features/survey/index.server";
import { clientIp } from "~/platform/services/request-path.server";
import { createUserSession } from "~/platform/services/session.server";
import type { SessionOptions } from "~/platform/models/session.server";
import { setFlash } from "~/platform/services/flash.server";

/**
 * Right after a login: applies the form this browser posted after its session had ended
 * and says where the member goes next. Null when nothing was kept; otherwise the Set-Cookie value
 * that clears the kept token, and (when it was saved) where to go and what to say there.
 */
export async function applyKeptSubmission(
  request: Request,
  member: { id: number; name: string | null },
): Promise<{ to?: string; notice?: string; setCookie: string } | null> {
  const found = await findKeptSubmission(request, member.id);
  if (!found) return null;
  const { kept, spend, release, setCookie } = found;
  let applied: { to?: string; notice?: string };
  try {
    applied =
      kept?.kind === "survey"
        ? await applyKeptSection(member.id, kept.section, kept.fields)
        : kept?.kind === "house"
          ? await applyKeptHouse(member, kept.values, clientIp(request))
          : {};
  } catch (error) {
    await release().catch(() => {});
    throw error;
  }
  // Forgotten only once applied: a login that fails before this point finds it again next time.
  await spend();
  return { ...applied, setCookie };
}

/** Signs the member in on this browser: applies a kept submission, then starts the session. */
export async function startMemberSession(
  request: Request,
  member: { id: number; name: string | null },
  redirectTo: string,
  session: SessionOptions,
): Promise<Response> {
  const kept = await applyKeptSubmission(request, member);
  if (!kept) return createUserSession(member.id, redirectTo, [], session);
  const cookies = [kept.setCookie];
  if (kept.notice) cookies.push(await setFlash({ message: kept.notice }));
  return createUserSession(member.id, kept.to ?? redirectTo, cookies, session);
}
