import { baseLocale, type Locale, locales } from "~/paraglide/runtime";
import { rankedLanguageTags } from "./accept-language";

/**
 * The languages the site speaks: the inlang project's locales (project.inlang/settings.json), one
 * messages file each (messages/{language}.json). A language is added as data: its code there and its
 * messages file.
 */
export type Language = Locale;
export const LANGUAGES: readonly Language[] = locales;
export const DEFAULT_LANGUAGE: Language = baseLocale;

/** A language code as written in a cookie, a form or `<html lang>`: one the site speaks, or null. */
export function languageOf(value: unknown): Language | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toLowerCase();
  return LANGUAGES.find((language) => language === code) ?? null;
}

/**
 * The languages of the browser's Accept-Language the site speaks, most preferred first (`es-MX` → es;
 * `q=0` means "not this one"). Regions are the country's business, not the language's.
 */
export function languagesOfHeader(acceptLanguage: string | null): Language[] {
  const languages: Language[] = [];
  for (const tag of rankedLanguageTags(acceptLanguage)) {
    const language = languageOf(tag.split("-")[0]);
    if (language && !languages.includes(language)) languages.push(language);
  }
  return languages;
}

/** The language switch's form: where it posts, its fields, and the cookie that keeps the choice. */
export const LANGUAGE_SWITCH = {
  path: "/language",
  field: "language",
  backField: "back",
  cookie: "kindred_language",
} as const;

/**
 * The public pages, which have an address per language: the default language's is the page's path,
 * another's is prefixed with its code (`/es`, `/es/privacypolicy`), so search engines and shared
 * links name one language each (docs/decisions/176-…).
 */
export const LOCALIZED_PATHS: readonly string[] = ["/", "/privacypolicy", "/termsofservice", "/cookiepolicy"];

/**
 * The listeners' and the admin's pages: they speak the default language to those who work the desk.
 * Anyone else who opens one reads only its refusal, in their own language.
 */
const STAFF_PAGES = /^\/(desk|admin)(\/|$)/;

export function isStaffPage(pathname: string): boolean {
  return STAFF_PAGES.test(pathname);
}

/** The language a path's prefix names (`/es/...`), or null for an unprefixed path. */
export function languageOfPath(pathname: string): Language | null {
  const [, first] = pathname.split("/");
  const language = languageOf(first);
  return language && language !== DEFAULT_LANGUAGE && first === language ? language : null;
}

/** A path without its language prefix (`/es/privacypolicy` → `/privacypolicy`, `/es` → `/`). */
export function unprefixedPath(pathname: string): string {
  const language = languageOfPath(pathname);
  if (!language) return pathname;
  const rest = pathname.slice(language.length + 1);
  return rest === "" ? "/" : rest;
}

/**
 * A path in a language: a public page's address in it (prefixed unless it is the default), any
 * other path as it is (its language is the visitor's, not the address's).
 */
export function localizedPath(path: string, language: Language): string {
  const url = new URL(path, "http://same-origin.invalid");
  const base = unprefixedPath(url.pathname);
  if (!LOCALIZED_PATHS.includes(base)) return path;
  const pathname = language === DEFAULT_LANGUAGE ? base : base === "/" ? `/${language}` : `/${language}${base}`;
  return `${pathname}${url.search}${url.hash}`;
}

/**
 * A language's name in another language's words (`Spanish` in English, `español` in Spanish), from
 * the runtime's `Intl`, which the server and every browser name alike: a language added to the site
 * needs no name of its own here. The code itself where the runtime names none.
 */
export function languageNameIn(language: string, readerLanguage: Language): string {
  try {
    return new Intl.DisplayNames([readerLanguage], { type: "language", fallback: "code" }).of(language) ?? language;
  } catch {
    return language;
  }
}
