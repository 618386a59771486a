import { createContext, useContext } from "react";

/**
 * This response's Content-Security-Policy nonce (worker/security-headers.ts), for the page's own
 * scripts in the root layout. The server entry provides it; in the browser there is none, as for
 * React Router's own scripts (browsers hide a nonce from the DOM once it has been used).
 */
export const ScriptNonceContext = createContext<string | undefined>(undefined);

export function useScriptNonce(): string | undefined {
  return useContext(ScriptNonceContext);
}
