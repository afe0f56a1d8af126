/**
 * What a module keeps for the life of the process (a cache, a client, a timer), and how to forget it.
 * The running app never forgets: a process lives as long as its state is right. The database tests
 * share one import of the app across their files (Vitest's `isolate: false`), and each file starts
 * from what a fresh process has: `tests/support/fresh-process.ts` calls `forgetModuleState()` before
 * every file. A module that keeps state registers its reset next to that state, so a new cache cannot
 * be missed by a list kept somewhere else.
 */
const resets = new Set<() => void>();

/** Registers how to forget this module's state (called once, at module level). */
export function keepsState(reset: () => void) {
  resets.add(reset);
}

/** Forgets the state of every module loaded so far. Tests only. */
export function forgetModuleState() {
  for (const reset of resets) reset();
}
