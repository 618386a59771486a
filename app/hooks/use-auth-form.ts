import { useEffect, useRef } from "react";
import { startAuthForms } from "~/lib/auth-forms";

/** A page that already has the framework renders the auth screens itself; the same DOM code runs once either way. */
export function useAuthForm(starters?: Parameters<typeof startAuthForms>[1]) {
  const formRef = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once, on mount
  useEffect(() => {
    const form = formRef.current;
    if (form?.parentElement) startAuthForms(form.parentElement, starters);
  }, []);
  return formRef;
}
