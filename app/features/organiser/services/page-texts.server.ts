import { data } from "@remix-run/node";
import { deleteSetting, getSetting, setSetting } from "~/platform/models/settings.server";
import { normalisePlainText } from "~/platform/lib/plain-text";
import { currentEditionName } from "~/features/season/index.server";
import { listPastEditions } from "~/features/results/index.server";
import {
  PAGE_TEXT_MAX,
  PAGE_TEXT_NAMES,
  PAGE_TEXTS,
  defaultPageTexts,
  type PageTextName,
} from "~/features/organiser/lib/page-texts";
import { doneOn } from "~/features/organiser/services/organiser-event.server";
import { refuse } from "~/platform/services/refuse.server";
import type { ReadOptions } from "~/platform/services/read-form.server";
import type { Form } from "~/features/organiser/services/organiser-event.server";

type Facts = Parameters<typeof defaultPageTexts>[0];

/** The text a visitor page shows: the organiser's, else the default for the page's facts. */
export async function pageText(name: PageTextName, facts: Facts): Promise<string> {
  return (await getSetting(PAGE_TEXTS[name].key)) ?? defaultPageTexts(facts)[name];
}

async function currentDefaults() {
  const [edition, past] = await Promise.all([currentEditionName(), listPastEditions()]);
  return defaultPageTexts({ ...edition, hasPastEditions: past.length > 0 });
}

export type PageTextsForm = { values: Record<PageTextName, string>; custom: Record<PageTextName, boolean> };

/** The texts as the organiser's form shows them: the saved one, or the default to start from. */
export async function getPageTextsForm(): Promise<PageTextsForm> {
  const defaults = await currentDefaults();
  const saved = await Promise.all(PAGE_TEXT_NAMES.map((name) => getSetting(PAGE_TEXTS[name].key)));
  const entries = PAGE_TEXT_NAMES.map((name, index) => [name, saved[index]] as const);
  return {
    values: Object.fromEntries(entries.map(([name, value]) => [name, value ?? defaults[name]])) as Record<
      PageTextName,
      string
    >,
    custom: Object.fromEntries(entries.map(([name, value]) => [name, value !== undefined])) as Record<
      PageTextName,
      boolean
    >,
  };
}

/**
 * The event page reads each text whole up to twice its limit: the limit counts the text as the pages
 * show it (normalisePlainText), and a line break may arrive as two characters.
 */
export const TEXTS_READ: ReadOptions = {
  max: Object.fromEntries(PAGE_TEXT_NAMES.map((name) => [name, 2 * PAGE_TEXT_MAX])),
};

/** What was typed, each field as posted (a missing one is empty). */
function typed(form: Form): Record<PageTextName, string> {
  return Object.fromEntries(PAGE_TEXT_NAMES.map((name) => [name, form[name] ?? ""])) as Record<
    PageTextName,
    string
  >;
}

function tooLong(values: Record<PageTextName, string>) {
  const errors: Record<string, string> = {};
  for (const name of PAGE_TEXT_NAMES) {
    const length = normalisePlainText(values[name]).length;
    if (length > PAGE_TEXT_MAX) {
      errors[name] =
        `At most ${PAGE_TEXT_MAX.toLocaleString("en-US")} characters: this one has ${length.toLocaleString("en-US")}.`;
    }
  }
  return Object.keys(errors).length ? errors : null;
}

/** Saves the three texts; an empty one (or the default unchanged) goes back to the default. */
export async function saveTextsIntent(form: Form, page: string) {
  const values = typed(form);
  const fieldErrors = tooLong(values);
  if (fieldErrors) {
    return refuse({
      error: "The texts were not saved: see the fields below.",
      fieldErrors,
      values,
      form: "texts",
    });
  }
  const defaults = await currentDefaults();
  for (const name of PAGE_TEXT_NAMES) {
    const text = normalisePlainText(values[name]);
    if (text === "" || text === normalisePlainText(defaults[name])) await deleteSetting(PAGE_TEXTS[name].key);
    else await setSetting(PAGE_TEXTS[name].key, text);
  }
  return doneOn(page, "The texts are saved; the pages show them now.");
}

/** The texts as the pages would show them, without saving; what was typed stays in the form. */
export async function previewTextsIntent(form: Form) {
  const values = typed(form);
  const fieldErrors = tooLong(values);
  if (fieldErrors) {
    return refuse({
      error: "Too long to preview: see the fields below.",
      fieldErrors,
      values,
      form: "texts",
    });
  }
  const defaults = await currentDefaults();
  const shown = Object.fromEntries(
    PAGE_TEXT_NAMES.map((name) => [name, normalisePlainText(values[name]) || defaults[name]]),
  ) as Record<PageTextName, string>;
  return data({ preview: shown, values });
}
