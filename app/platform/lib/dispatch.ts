/** What every form answers (400, in its failure shape) when its `intent` names none of its handlers. */
export const UNKNOWN_REQUEST = "Unknown request";

/**
 * The handler a posted name picks from a page's own handlers, or undefined. Only the map's own
 * keys count: a plain object also answers `constructor`, `__proto__`, `toString`… through its
 * prototype, and calling `Object` as a handler hands back whatever it was given (the loaded page).
 */
export function handlerFor<Handler>(
  handlers: Readonly<Record<string, Handler>>,
  name: unknown,
): Handler | undefined {
  return typeof name === "string" && Object.hasOwn(handlers, name) ? handlers[name] : undefined;
}
