import { useEffect, useRef } from "react";
import { startAuthForms } from "~/lib/auth-forms";

/**
 * Starts an auth form's behaviour when React renders it in the browser: the sign-in screens load no
 * framework and their page script starts it, but a page that has the framework already (it stays
 * once loaded) renders them itself. The same DOM code runs either way, once.
 */
export function useAuthForm(starters?: Parameters<typeof startAuthForms>[1]) {
  const formRef = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once, on mount
  useEffect(() => {
    const form = formRef.current;
    if (form?.parentElement) startAuthForms(form.parentElement, starters);
  }, []);
  return formRef;
}
