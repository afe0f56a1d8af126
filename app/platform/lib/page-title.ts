/** The root loader's data, as far as page titles need it. */
type RootData = { edition?: { shortName: string; year: number } } | undefined;

/** The current edition's short name, from the root loader (the spec's "SGW25" before it has loaded). */
export function shortNameOf(matches: ReadonlyArray<{ id: string; data?: unknown }>): string {
  const root = matches.find((match) => match.id === "root")?.data as RootData;
  return root?.edition?.shortName ?? "SGW25";
}

/** "SGW25 — Houses": every page's title starts with the current edition's short name. */
export function pageTitle(matches: ReadonlyArray<{ id: string; data?: unknown }>, page: string): string {
  return `${shortNameOf(matches)} — ${page}`;
}
