// Apart from the state lists (states.ts), so pages that only show a place never download them.
/** The countries the suggest form offers; anything else is "Other" with a free-text country. */
export const COUNTRY_CHOICES = ["USA", "Canada", "Mexico", "Other"] as const;
export type CountryChoice = (typeof COUNTRY_CHOICES)[number];
export type ListedCountry = Exclude<CountryChoice, "Other">;

/** Which choice of the country select a stored country belongs to ("United States" is the USA). */
export function countryChoiceOf(country: string): CountryChoice {
  const key = country.trim().toLowerCase();
  if (key === "usa" || key === "united states") return "USA";
  if (key === "canada") return "Canada";
  if (key === "mexico") return "Mexico";
  return "Other";
}
