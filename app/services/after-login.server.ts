import { applyKeptHouse } from "./house-suggest.server";
import { takeKeptSubmission } from "./pending-submission.server";
import { applyKeptSection } from "./survey-submit.server";

/**
 * Right after a login: applies the form this browser posted after its session had ended (issue 9)
 * and says where the member goes next. Null when nothing was kept; otherwise the Set-Cookie value
 * that clears the kept token, and (when it was saved) where to go and what to say there.
 */
export async function applyKeptSubmission(
  request: Request,
  member: { id: number; name: string | null },
): Promise<{ to?: string; notice?: string; setCookie: string } | null> {
  const taken = await takeKeptSubmission(request);
  if (!taken) return null;
  const { kept, setCookie } = taken;
  if (kept?.kind === "survey")
    return { ...(await applyKeptSection(member.id, kept.section, kept.fields)), setCookie };
  if (kept?.kind === "house") return { ...(await applyKeptHouse(member, kept.values)), setCookie };
  return { setCookie };
}
