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
 * The language a request's visitor reads, in one order: their choice in this browser (the switch's
 * cookie), their account's language, the browser's languages, English. A value the site does not
 * speak (forged, misspelt) says nothing and the next is asked.
 */

/** The account's language, or null where it has none. */
export async function accountLanguage(userId: string): Promise<Language | null> {
  const [row] = await createDb(env.DB)
    .select({ language: accountLanguages.language })
    .from(accountLanguages)
    .where(eq(accountLanguages.userId, userId))
    .limit(1);
  return languageOf(row?.language);
}

/**
 * The language an email to this account is written in: the account's, else English. Emails go
 * out later than any request or are asked for signed out, so no browser's language is theirs.
 */
export async function recipientLanguage(userId: string): Promise<Language> {
  return (await accountLanguage(userId)) ?? DEFAULT_LANGUAGE;
}

/** Keeps `language` as the account's. */
export async function keepAccountLanguage(userId: string, language: Language): Promise<void> {
  const chosenAt = Date.now();
  await createDb(env.DB)
    .insert(accountLanguages)
    .values({ userId, language, chosenAt })
    .onConflictDoUpdate({ target: accountLanguages.userId, set: { language, chosenAt } });
}

/**
 * The visitor's language. Signed in with no choice in this browser, the account's is read once and
 * kept in the browser's cookie, so the next pages need not read it again.
 */
export async function requestLanguage(
  request: Request,
  userId: string | null,
  { worksTheDesk = false }: { worksTheDesk?: boolean } = {},
): Promise<Language> {
  // A public page's address in a language is that language, whoever reads it; the desk and admin
  // pages speak the default language to the people they are for.
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

/** The first language of the browser's the site speaks, else English. */
export function browserLanguage(request: Request): Language {
  return languagesOfHeader(request.headers.get("Accept-Language"))[0] ?? DEFAULT_LANGUAGE;
}

/**
 * At sign-up: the language the account was made in (this browser's choice, else the first of its
 * languages the site speaks) becomes the account's, so its emails speak it.
 */
export async function keepSignUpLanguage(userId: string, headers: Headers | null): Promise<void> {
  const sent = new Headers(headers ?? {});
  // A sign-up that says nothing of its language (no choice, no browser languages) leaves it unset.
  const language =
    languageOf(rememberedChoice(sent, LANGUAGE_SWITCH.cookie)) ??
    languagesOfHeader(sent.get("Accept-Language"))[0] ??
    null;
  if (language) await keepAccountLanguage(userId, language);
}

/** Remembers the visitor's choice: in this browser, and on their account when signed in. */
export async function rememberLanguage(request: Request, userId: string | null, language: Language): Promise<void> {
  if (userId) await keepAccountLanguage(userId, language);
  rememberChoice(request, LANGUAGE_SWITCH.cookie, language, "/");
}

/** The page a request is for: a client navigation's data request (`/es.data`, `/es/x.data`) names it too. */
function pagePathname(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
}
