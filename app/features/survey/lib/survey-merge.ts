import { emptySurvey, type SurveyAnswers } from "~/features/survey/lib/survey-fields";
import { WINDOWS } from "~/features/season/lib/weekends";

/**
 * Saved answers over the empty defaults (spec section 4, "Survey load"): a missing survey is the
 * empty one, and the nested maps are merged key by key so a map saved before a key existed still
 * has every key. Availability keeps only the known windows.
 */
export function mergeOverDefaults(
  saved: Partial<SurveyAnswers> | null | undefined,
  windows: readonly string[] = WINDOWS,
): SurveyAnswers {
  const defaults = emptySurvey(windows);
  if (!saved) return defaults;
  const availability = { ...defaults.availability };
  for (const label of Object.keys(availability)) {
    if (typeof saved.availability?.[label] === "boolean") availability[label] = saved.availability[label];
  }
  return {
    ...defaults,
    ...definedOnly(saved),
    availability,
    countries: { ...defaults.countries, ...definedOnly(saved.countries) },
    extra_guests: { ...defaults.extra_guests, ...definedOnly(saved.extra_guests) },
    shirt_size: { ...defaults.shirt_size, ...definedOnly(saved.shirt_size) },
  };
}

function definedOnly<T extends object>(value: T | null | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined && field !== null),
  ) as Partial<T>;
}
