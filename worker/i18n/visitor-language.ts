import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import {
  DEFAULT_LANGUAGE,
  isStaffPage,
  LANGUAGE_SWITCH,
  type Language,
  languageOf,
  languageOfPath,
  languagesOfHeader,
} from "~/shared/languages";
import { createDb } from "../db/client";
import { accountLanguages } from "../db/schema";
import { rememberChoice, rememberedChoice } from "../http/remembered-choice";

/**
 * Order: this browser's choice, the account's language, the browser's languages, English. A value
 * the site does not speak (forged, misspelt) is skipped.
 */

export async function accountLanguage(userId: string): Promise<Language | null> {
  const [row] = await createDb(env.DB)
    .select({ language: accountLanguages.language })
    .from(accountLanguages)
    .where(eq(accountLanguages.userId, userId))
    .limit(1);
  return languageOf(row?.language);
}

/** Emails go out outside any request, so no browser's language applies. */
export async function recipientLanguage(userId: string): Promise<Language> {
  return (await accountLanguage(userId)) ?? DEFAULT_LANGUAGE;
}

export async function keepAccountLanguage(userId: string, language: Language): Promise<void> {
  const chosenAt = Date.now();
  await createDb(env.DB)
    .insert(accountLanguages)
    .values({ userId, language, chosenAt })
    .onConflictDoUpdate({ target: accountLanguages.userId, set: { language, chosenAt } });
}

/** Signed in with no choice here, the account's is read once and kept in the cookie. */
export async function requestLanguage(
  request: Request,
  userId: string | null,
  { worksTheDesk = false }: { worksTheDesk?: boolean } = {},
): Promise<Language> {
  // Public pages' localized addresses decide; desk and admin pages speak the default language.
  const path = pagePathname(request);
  const ofAddress = languageOfPath(path);
  if (ofAddress) return ofAddress;
  if (worksTheDesk && isStaffPage(path)) return DEFAULT_LANGUAGE;
  const chosenHere = languageOf(rememberedChoice(request, LANGUAGE_SWITCH.cookie));
  if (chosenHere) return chosenHere;
  if (userId) {
    const ofAccount = await accountLanguage(userId);
    if (ofAccount) {
      rememberChoice(request, LANGUAGE_SWITCH.cookie, ofAccount, "/");
      return ofAccount;
    }
  }
  return browserLanguage(request);
}

export function browserLanguage(request: Request): Language {
  return languagesOfHeader(request.headers.get("Accept-Language"))[0] ?? DEFAULT_LANGUAGE;
}

export async function keepSignUpLanguage(userId: string, headers: Headers | null): Promise<void> {
  const sent = new Headers(headers ?? {});
  const language =
    languageOf(rememberedChoice(sent, LANGUAGE_SWITCH.cookie)) ??
    languagesOfHeader(sent.get("Accept-Language"))[0] ??
    null;
  if (language) await keepAccountLanguage(userId, language);
}

export async function rememberLanguage(request: Request, userId: string | null, language: Language): Promise<void> {
  if (userId) await keepAccountLanguage(userId, language);
  rememberChoice(request, LANGUAGE_SWITCH.cookie, language, "/");
}

function pagePathname(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
}
