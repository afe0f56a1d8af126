import { z } from "zod";
import {
  DEFAULT_EVENT_SETTINGS,
  EVENT_LIMITS,
  isWebLink,
  type EventSettings,
} from "~/features/season/lib/event-settings";
import { availabilityWindows, defaultWeekend } from "~/features/season/lib/weekends";

// The event settings' zod schemas, apart from event-settings.ts so pages that only show the
// settings never bring zod into the browser.

const text = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const people = (label: string) =>
  z.preprocess(
    (value) =>
      value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value,
    z
      .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be between 1 and ${EVENT_LIMITS.people}`)
      .max(EVENT_LIMITS.people, `${label} must be between 1 and ${EVENT_LIMITS.people}`),
  );

/** Only a web link may become an href: never `javascript:` or `data:`. */
export const chatUrlSchema = z
  .string()
  .trim()
  .max(EVENT_LIMITS.chatUrl, `Chat link must be at most ${EVENT_LIMITS.chatUrl} characters`)
  .refine((value) => value === "" || isWebLink(value), "Chat link must be an http:// or https:// link");

/** The organiser's event form: name, short name, expected group and chat link. */
export const eventFactsSchema = z
  .object({
    name: text("Event name", EVENT_LIMITS.name),
    shortName: text("Short name", EVENT_LIMITS.shortName),
    expectedMin: people("Expected at least"),
    expectedMax: people("Expected at most"),
    chatUrl: chatUrlSchema.default(""),
  })
  .refine((facts) => facts.expectedMin <= facts.expectedMax, {
    path: ["expectedMax"],
    message: "Expected at most must not be less than expected at least",
  });
export type EventFacts = z.infer<typeof eventFactsSchema>;

/** The window of `year` with this label, or a message saying it is not one. */
export function plannedWeekendSchema(year: number) {
  const windows = availabilityWindows(year);
  return z
    .string({ required_error: "Choose a weekend" })
    .trim()
    .refine((label) => windows.includes(label), "Choose one of the survey's weekends");
}

/**
 * What is stored: any subset of the settings, each read on its own, so a value that no longer
 * validates (an older shape, a hand edit) falls back to its default instead of breaking a page.
 */
export function readStoredSettings(stored: unknown): EventSettings {
  const raw = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const pick = <T>(key: keyof EventSettings, schema: z.ZodType<T>, fallback: T): T => {
    const parsed = schema.safeParse(raw[key]);
    return parsed.success ? parsed.data : fallback;
  };
  const d = DEFAULT_EVENT_SETTINGS;
  const year = pick("year", z.number().int().min(2000).max(2100), d.year);
  const planned = pick("plannedWeekend", plannedWeekendSchema(year), "");
  const expectedMin = pick("expectedMin", z.number().int().min(1).max(EVENT_LIMITS.people), d.expectedMin);
  const expectedMax = pick("expectedMax", z.number().int().min(1).max(EVENT_LIMITS.people), d.expectedMax);
  const ordered = expectedMin <= expectedMax;
  return {
    name: pick("name", text("", EVENT_LIMITS.name), d.name),
    shortName: pick("shortName", text("", EVENT_LIMITS.shortName), d.shortName),
    year,
    plannedWeekend: planned || defaultWeekend(year),
    // A weekend stored by starting an edition is a plan (`weekendChosen: false`); one stored by
    // "Choose" (or before that flag existed) is the organiser's choice.
    weekendChosen: planned !== "" && raw.weekendChosen !== false,
    expectedMin: ordered ? expectedMin : d.expectedMin,
    expectedMax: ordered ? expectedMax : d.expectedMax,
    chatUrl: pick("chatUrl", chatUrlSchema, d.chatUrl),
  };
}
