import { createContext, useContext } from "react";

/**
 * Browsers hide a used nonce from the attribute but keep the `nonce` property, which React compares
 * on hydration; without this every `<link>` React Router renders is a hydration mismatch.
 */
export const ScriptNonceContext = createContext<string | undefined>(undefined);

export function useScriptNonce(): string | undefined {
  return useContext(ScriptNonceContext) ?? pageNonce();
}

/** From the inline boot script. */
function pageNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
