import { useEffect, useState } from "react";

/**
 * False on the server and during hydration, true afterwards: lets a view render its no-JS form
 * first (so hydration matches) and switch to the JS-enhanced one once scripts run.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
