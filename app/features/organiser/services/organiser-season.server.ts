import { houseForm } from "~/platform/lib/form-failure";
import { UNKNOWN_REQUEST } from "~/platform/lib/dispatch";
import { houseControlPatch, organiserHouseFormSchema } from "~/features/houses/lib/house-schema";
import { getHouse, updateHouse } from "~/features/houses/index.server";
import { houseChangeRefusal } from "~/features/results/index.server";
import { setChosenHouseId, setSurveyDeadline } from "~/features/season/index.server";
import { closeSurveyNow, setDeadlineFromForm } from "~/features/survey/index.server";
import { retryFailedReminders, sendSurveyReminders } from "~/features/organiser/services/reminders.server";
import { doneOn } from "~/features/organiser/services/organiser-event.server";
import { recordMailRound } from "~/features/organiser/models/mail-round.server";
import { addOrganiser, removeOrganiser } from "~/features/accounts/index.server";
import { refuse } from "~/platform/services/refuse.server";
import type { Form } from "~/features/organiser/services/organiser-event.server";

/** Sets the survey deadline; a refusal keeps the typed date and time. */
export async function setDeadlineIntent(form: Form, page: string) {
  const values = { date: form.date ?? "", time: form.time ?? "" };
  const outcome = await setDeadlineFromForm(values.date, values.time);
  if ("error" in outcome) return refuse({ error: outcome.error, values, form: "deadline" });
  return doneOn(page, `Deadline set: ${outcome.text}.`);
}

export async function closeNowIntent(_form: Form, page: string) {
  return doneOn(page, await closeSurveyNow());
}

export async function clearDeadlineIntent(_form: Form, page: string) {
  await setSurveyDeadline(null);
  return doneOn(page, "The deadline is cleared: the survey is open.");
}

/** A reminder round, or the failed mails of the last one sent again. */
export async function reminderIntent(form: Form, page: string, organiserId: number) {
  const retry = form.intent === "retry-reminder";
  const outcome = await (retry ? retryFailedReminders() : sendSurveyReminders());
  if (!outcome.ok) return refuse({ error: outcome.error, form: "reminder" }, { status: 409 });
  await recordMailRound({
    kind: "reminder",
    subject: outcome.subject,
    said: `${retry ? "Sent again to the failed mails: " : ""}${outcome.said}`,
    reached: outcome.reached,
    failed: outcome.failedTo,
    sentBy: organiserId,
  });
  const failed = outcome.failed
    ? ` ${outcome.failed} could not be sent: "Send again" retries those alone.`
    : "";
  const whom = `${outcome.sent} ${outcome.sent === 1 ? "address" : "addresses"}`;
  return doneOn(page, `Reminder ${retry ? "sent again" : "sent"} to ${whom}.${failed}`);
}

/** A house's controls: choose it for the edition, in or out of play, previous house with its year. */
export async function houseIntent(form: Form, page: string) {
  // About one house's form once the house is known: its message and the year typed show there.
  const about = Number(form.houseId);
  const where =
    Number.isInteger(about) && about > 0
      ? { form: houseForm(about), values: { year: form.year ?? "" } }
      : { form: "houses" };
  const parsed = organiserHouseFormSchema.safeParse(form);
  if (!parsed.success) return refuse({ error: UNKNOWN_REQUEST, ...where });
  const { houseId, intent } = parsed.data;
  const house = await getHouse(houseId);
  if (!house) return refuse({ error: "House not found", ...where }, { status: 404 });
  const refusal = await houseChangeRefusal(house, {
    choose: intent === "choose",
    in_play: intent === "out-of-play" ? false : undefined,
  });
  if (refusal) return refuse({ error: refusal, ...where }, { status: 409 });
  if (intent === "choose" || intent === "unchoose") {
    await setChosenHouseId(intent === "choose" ? houseId : null);
    return doneOn(page, intent === "choose" ? `${house.title} is the chosen house.` : "No house is chosen.");
  }
  const patch = houseControlPatch({ houseId, intent, year: parsed.data.year });
  if (!patch.success) return refuse({ error: `${house.title}: ${patch.error.issues[0].message}`, ...where });
  await updateHouse(houseId, patch.data);
  return doneOn(page, `${house.title} is updated.`);
}

/** Adds an organiser by address; a refusal keeps what was typed. */
export async function addOrganiserIntent(form: Form, page: string, organiserId: number) {
  const email = form.email ?? "";
  const outcome = await addOrganiser(email, organiserId);
  if (!outcome.ok) return refuse({ error: outcome.error, values: { email } });
  return doneOn(page, outcome.message);
}

/** Removes an added organiser; never the last confirmed one. */
export async function removeOrganiserIntent(form: Form, page: string) {
  const outcome = await removeOrganiser(form.email ?? "");
  if (!outcome.ok) return refuse({ error: outcome.error }, { status: 409 });
  return doneOn(page, outcome.message);
}
