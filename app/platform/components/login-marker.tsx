import { createContext, useContext } from "react";
import { hasLoginMarker } from "~/platform/lib/login-marker";

const JustLoggedInContext = createContext(false);

/** The server render's answer (entry.server reads the request's cookie). */
export const JustLoggedInProvider = JustLoggedInContext.Provider;

/** Whether this browser logged in a few seconds ago (see lib/login-marker). */
export function useJustLoggedIn(): boolean {
  const fromServer = useContext(JustLoggedInContext);
  return typeof document === "undefined" ? fromServer : hasLoginMarker(document.cookie);
}
