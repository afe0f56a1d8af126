import { z } from "zod";
import { env } from "~/platform/env.server";
import { startTicker } from "~/platform/services/ticker.server";
import type { User } from "~/platform/models/user.server";
import { sendMail } from "~/platform/services/mail.server";
import { isOrganiser } from "~/features/accounts/index.server";
import { currentEditionName } from "~/features/season/index.server";
import { listMemberSurveyStatus } from "~/features/results/index.server";
import {
  EVERYONE_ANSWERED,
  digestMail,
  dueDigest,
  everyoneAnsweredMail,
  isQuietDay,
  type DayActivity,
} from "~/features/organiser/lib/notices";
import { listPendingInvitations } from "~/features/organiser/models/invitation.server";
import {
  claimNotice,
  dayActivity,
  finishNotice,
  getNoticeChoice,
  listNoticeSubscribers,
  noticeClaimed,
  setNoticeChoice,
  type NoticeChoice,
} from "~/features/organiser/models/notices.server";

export type { NoticeChoice };

/** An organiser's choices for /account; null for a member who is not an organiser (the panel is not shown). */
export async function organiserNoticeChoice(user: User): Promise<NoticeChoice | null> {
  return (await isOrganiser(user)) ? getNoticeChoice(user.id) : null;
}

const choiceSchema = z.object({
  everyoneAnswered: z.literal("on").optional(),
  dailyDigest: z.literal("on").optional(),
});

/** Saves the organiser's choices (ticked boxes post "on"); a member who is not an organiser is refused. */
export async function chooseNotices(
  user: User,
  input: unknown,
): Promise<{ ok: string } | { error: string; status: number }> {
  if (!(await isOrganiser(user))) return { error: "Only organisers get these mails.", status: 403 };
  const parsed = choiceSchema.safeParse(input);
  if (!parsed.success) return { error: "Tick or untick the boxes and save.", status: 400 };
  const choice = {
    everyoneAnswered: parsed.data.everyoneAnswered === "on",
    dailyDigest: parsed.data.dailyDigest === "on",
  };
  await setNoticeChoice(user.id, choice);
  const chosen = [
    choice.everyoneAnswered && "when everyone has answered",
    choice.dailyDigest && "a daily digest",
  ]
    .filter(Boolean)
    .join(" and ");
  return { ok: chosen ? `Saved: you get a mail ${chosen}.` : "Saved: you get no organiser mails." };
}

/** Every member has submitted the survey and no invited address is waiting to register. */
async function everyoneHasAnswered(): Promise<{ done: boolean; members: number }> {
  const [members, invited] = await Promise.all([listMemberSurveyStatus(), listPendingInvitations()]);
  return {
    done: members.length > 0 && members.every((member) => member.submitted) && invited.length === 0,
    members: members.length,
  };
}

/**
 * Sends the organisers' chosen notices that are due: the everyone-answered mail once per organiser
 * and edition, the digest of yesterday (event time zone) once per organiser and day from 8:00, and
 * none on a day with nothing new. Each is claimed in the database before it is sent, so two
 * instances or two ticks never send one twice. Returns how many mails this call sent.
 */
export async function runOrganiserNotices(now = new Date()): Promise<number> {
  const subscribers = await listNoticeSubscribers();
  if (subscribers.length === 0) return 0;
  const config = env();
  const digest = dueDigest(now, config.eventTimeZone);
  let everyone: Awaited<ReturnType<typeof everyoneHasAnswered>> | undefined;
  let activity: DayActivity | undefined;
  let shortName: string | undefined;
  const name = async () => (shortName ??= (await currentEditionName()).shortName);
  let sent = 0;
  for (const { choice, user } of subscribers) {
    if (!(await isOrganiser(user))) continue;
    if (choice.everyoneAnswered && !(await noticeClaimed(user.id, EVERYONE_ANSWERED))) {
      everyone ??= await everyoneHasAnswered();
      if (everyone.done && (await claimNotice(user.id, EVERYONE_ANSWERED))) {
        const mail = everyoneAnsweredMail({
          shortName: await name(),
          members: everyone.members,
          appUrl: config.appUrl,
        });
        const ok = await sendMail({ to: user.email, ...mail });
        await finishNotice(user.id, EVERYONE_ANSWERED, ok ? "sent" : "failed");
        if (ok) sent += 1;
      }
    }
    if (choice.dailyDigest && digest && (await claimNotice(user.id, digest.key))) {
      activity ??= await dayActivity(digest.from, digest.to);
      if (isQuietDay(activity)) {
        await finishNotice(user.id, digest.key, "empty");
        continue;
      }
      const mail = digestMail({
        shortName: await name(),
        dayLabel: digest.day,
        activity,
        appUrl: config.appUrl,
      });
      const ok = await sendMail({ to: user.email, ...mail });
      await finishNotice(user.id, digest.key, ok ? "sent" : "failed");
      if (ok) sent += 1;
    }
  }
  return sent;
}

/** Starts the organisers' notices with the server process: soon after start, then once a minute (never keeps it alive). */
export function startOrganiserNotices() {
  startTicker("Organiser notices", () => runOrganiserNotices(), { firstAfterMs: 3_000 });
}
