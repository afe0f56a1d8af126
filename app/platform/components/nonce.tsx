import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The per-response CSP nonce, for the few inline scripts Remix renders. */
export function useNonce() {
  return useContext(NonceContext);
}
