import { baseLocale, type Locale, locales } from "~/paraglide/runtime";
import { rankedLanguageTags } from "./accept-language";

/** project.inlang/settings.json's locales: a language is added as data, its code there and its messages file. */
export type Language = Locale;
export const LANGUAGES: readonly Language[] = locales;
export const DEFAULT_LANGUAGE: Language = baseLocale;

export function languageOf(value: unknown): Language | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toLowerCase();
  return LANGUAGES.find((language) => language === code) ?? null;
}

/** Regions are the country's business, not the language's. */
export function languagesOfHeader(acceptLanguage: string | null): Language[] {
  const languages: Language[] = [];
  for (const tag of rankedLanguageTags(acceptLanguage)) {
    const language = languageOf(tag.split("-")[0]);
    if (language && !languages.includes(language)) languages.push(language);
  }
  return languages;
}

export const LANGUAGE_SWITCH = {
  path: "/language",
  field: "language",
  backField: "back",
  cookie: "kindred_language",
} as const;

/** So search engines and shared links name one language each (docs/decisions/176-…). */
export const LOCALIZED_PATHS: readonly string[] = ["/", "/privacypolicy", "/termsofservice", "/cookiepolicy"];

/** They speak the default language to those who work the desk; anyone else reads only a refusal. */
const STAFF_PAGES = /^\/(desk|admin)(\/|$)/;

export function isStaffPage(pathname: string): boolean {
  return STAFF_PAGES.test(pathname);
}

export function languageOfPath(pathname: string): Language | null {
  const [, first] = pathname.split("/");
  const language = languageOf(first);
  return language && language !== DEFAULT_LANGUAGE && first === language ? language : null;
}

export function unprefixedPath(pathname: string): string {
  const language = languageOfPath(pathname);
  if (!language) return pathname;
  const rest = pathname.slice(language.length + 1);
  return rest === "" ? "/" : rest;
}

/** Any other path's language is the visitor's, not the address's. */
export function localizedPath(path: string, language: Language): string {
  const url = new URL(path, "http://same-origin.invalid");
  const base = unprefixedPath(url.pathname);
  if (!LOCALIZED_PATHS.includes(base)) return path;
  const pathname = language === DEFAULT_LANGUAGE ? base : base === "/" ? `/${language}` : `/${language}${base}`;
  return `${pathname}${url.search}${url.hash}`;
}

/** From `Intl`, so a language added to the site needs no name of its own here. */
export function languageNameIn(language: string, readerLanguage: Language): string {
  try {
    return new Intl.DisplayNames([readerLanguage], { type: "language", fallback: "code" }).of(language) ?? language;
  } catch {
    return language;
  }
}
