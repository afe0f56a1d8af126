import { deadlineFromInput, deadlineInputValues } from "~/platform/lib/deadline";

/** The digest goes out from this hour (event time zone) and covers the whole day before. */
export const DIGEST_HOUR = "08:00";
export const EVERYONE_ANSWERED = "everyone-answered";

function dayBefore(date: string) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The digest due at `now`: the day before in the event's time zone, once it is 8:00 there; null
 * before 8:00. Its key names that day, so it is claimed once however often this runs.
 */
export function dueDigest(
  now: Date,
  zone: string,
): { key: string; day: string; from: Date; to: Date } | null {
  const local = deadlineInputValues(now, zone);
  if (local.time < DIGEST_HOUR) return null;
  const day = dayBefore(local.date);
  const from = deadlineFromInput(day, "00:00", zone);
  const to = deadlineFromInput(local.date, "00:00", zone);
  if (!from || !to) return null;
  return { key: `digest:${day}`, day, from, to };
}

export type DayActivity = {
  newAnswers: number;
  changedAnswers: number;
  houses: string[];
  votes: number;
  paymentsReported: number;
  expensesAdded: number;
};

export const isQuietDay = (activity: DayActivity) =>
  activity.newAnswers +
    activity.changedAnswers +
    activity.houses.length +
    activity.votes +
    activity.paymentsReported +
    activity.expensesAdded ===
  0;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function mail(subject: string, lines: string[], link: { label: string; url: string }) {
  return {
    subject,
    text: [
      ...lines,
      "",
      `${link.label}: ${link.url}`,
      "",
      "You chose this mail on your account page; switch it off there.",
    ].join("\n"),
    html: `${lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : "")).join("\n")}
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p>You chose this mail on your account page; switch it off there.</p>`,
  };
}

/** The daily digest: what came in on `dayLabel`. */
export function digestMail(input: {
  shortName: string;
  dayLabel: string;
  activity: DayActivity;
  appUrl: string;
}) {
  const { activity } = input;
  const lines = [`What came in for ${input.shortName} on ${input.dayLabel}:`, ""];
  if (activity.newAnswers)
    lines.push(`- ${plural(activity.newAnswers, "new survey answer", "new survey answers")}`);
  if (activity.changedAnswers)
    lines.push(`- ${plural(activity.changedAnswers, "survey answer changed", "survey answers changed")}`);
  if (activity.houses.length)
    lines.push(
      `- ${plural(activity.houses.length, "house suggested", "houses suggested")}: ${activity.houses.join(", ")}`,
    );
  if (activity.votes)
    lines.push(`- ${plural(activity.votes, "vote cast or changed", "votes cast or changed")}`);
  if (activity.paymentsReported)
    lines.push(`- ${plural(activity.paymentsReported, "payment reported", "payments reported")}`);
  if (activity.expensesAdded)
    lines.push(`- ${plural(activity.expensesAdded, "expense added", "expenses added")}`);
  const base = input.appUrl.replace(/\/+$/, "");
  return mail(`${input.shortName}: what came in on ${input.dayLabel}`, lines, {
    label: "Open the organiser page",
    url: `${base}/organiser`,
  });
}

/** Everyone expected (every member and every invited address) has submitted the survey. */
export function everyoneAnsweredMail(input: { shortName: string; members: number; appUrl: string }) {
  const base = input.appUrl.replace(/\/+$/, "");
  return mail(
    `${input.shortName}: everyone has answered the survey`,
    [
      `All ${plural(input.members, "member", "members")} of ${input.shortName} have submitted the survey, and no invited address is still waiting to register.`,
    ],
    { label: "See the answers", url: `${base}/organiser/people` },
  );
}
