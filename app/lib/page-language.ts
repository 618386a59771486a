import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import { overwriteGetLocale } from "~/paraglide/runtime";
import { DEFAULT_LANGUAGE, type Language, languageOf } from "~/shared/languages";

/** For a page rendered without the root loader's data (a refusal in route middleware). */
export const RequestLanguage = createContext<Language | null>(null);

export function usePageLanguage(): Language {
  const request = useContext(RequestLanguage);
  return useRouteLoaderData<{ language: Language }>("root")?.language ?? request ?? DEFAULT_LANGUAGE;
}

// In the browser, the language the server rendered in `<html lang>`.
if (typeof document !== "undefined") {
  overwriteGetLocale(() => languageOf(document.documentElement.lang) ?? DEFAULT_LANGUAGE);
}
