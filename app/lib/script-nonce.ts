import { createContext, useContext } from "react";

/**
 * This response's Content-Security-Policy nonce (worker/security-headers.ts), for the page's own
 * scripts and React Router's links and scripts. The server entry provides it. In the browser the
 * page's elements still carry it: browsers hide a used nonce from the attribute (it reads "") but
 * keep it in the `nonce` property, and React compares that property when it hydrates. So the
 * browser renders the same nonce as the server; without it, every `<link>` React Router renders
 * with the server's nonce (the dev server's stylesheet) is a hydration mismatch logged as an error.
 */
export const ScriptNonceContext = createContext<string | undefined>(undefined);

export function useScriptNonce(): string | undefined {
  return useContext(ScriptNonceContext) ?? pageNonce();
}

/** The nonce the page was served with, read from its first script (the inline boot script). */
function pageNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
