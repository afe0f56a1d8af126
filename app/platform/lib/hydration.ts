/**
 * Pages ship JavaScript only when they ask for it: a route exports `handle = HYDRATE` when its
 * enhancements need the browser, and the root renders Remix's scripts only then. Read-only pages
 * stay plain HTML (their links are ordinary links), which is what a slow phone loads fastest.
 */
export const HYDRATE = { hydrate: true } as const;

export function needsHydration(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((match) => {
    const handle = match.handle as { hydrate?: unknown } | undefined;
    return handle?.hydrate === true;
  });
}
