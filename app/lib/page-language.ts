import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import { overwriteGetLocale } from "~/paraglide/runtime";
import { DEFAULT_LANGUAGE, type Language, languageOf } from "~/shared/languages";

/**
 * The page's language as the server worked it out, for a page rendered without the root loader's
 * data (a refusal in route middleware): given by the server's entry only.
 */
export const RequestLanguage = createContext<Language | null>(null);

/** The language this page speaks: the root loader's, else the server's request's, else the default. */
export function usePageLanguage(): Language {
  const request = useContext(RequestLanguage);
  return useRouteLoaderData<{ language: Language }>("root")?.language ?? request ?? DEFAULT_LANGUAGE;
}

// In the browser every message speaks the page's own language, as the server rendered it in
// `<html lang>`; on the server the request's language is set where it is worked out
// (worker/i18n/request-language.ts).
if (typeof document !== "undefined") {
  overwriteGetLocale(() => languageOf(document.documentElement.lang) ?? DEFAULT_LANGUAGE);
}
