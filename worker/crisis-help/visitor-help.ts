import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { COUNTRY_CHOOSER, type CrisisHelp, countryCodeOf } from "~/shared/crisis-help";
import { POLICY } from "~/shared/legal";
import { getConfig } from "../config";
import { createDb } from "../db/client";
import { crisisCountryChoices } from "../db/schema";
import { rememberChoice, rememberedChoice } from "../http/remembered-choice";
import { crisisHelpFor, isKnownCountry } from "./country-help";
import { visitorCountry } from "./country-order";

/**
 * The country a request's visitor is in, and the help their pages show. Read anew for each request
 * and kept nowhere: only a choice the visitor made is remembered (this browser's cookie, their
 * account).
 */

/** The country the visitor chose and their account keeps, or null. */
export async function accountCountry(userId: string): Promise<string | null> {
  const [row] = await createDb(env.DB)
    .select({ country: crisisCountryChoices.country })
    .from(crisisCountryChoices)
    .where(eq(crisisCountryChoices.userId, userId))
    .limit(1);
  return row?.country ?? null;
}

/**
 * Cloudflare's country for the request's address, where configuration says it is real: under
 * `wrangler dev` and in tests the runtime fills `request.cf` with a placeholder, the same for everyone.
 */
function networkCountry(request: Request): string | null {
  if (!getConfig().crisisHelp.trustRequestCountry) return null;
  const cf = request.cf as { country?: unknown } | undefined;
  return typeof cf?.country === "string" ? cf.country : null;
}

/**
 * The account's choice as this browser last read it, for a few minutes (`{userId}.{country or -}`):
 * a signed-in page would otherwise read D1 for it on every view. Another device's new choice is
 * seen once it runs out; this browser's own choice is its other cookie, which comes first anyway.
 */
const ACCOUNT_CHOICE_COOKIE = "kindred_crisis_account";
const ACCOUNT_CHOICE_SECONDS = POLICY.accountChoiceCacheMinutes * 60;

async function accountChoiceFor(request: Request, userId: string): Promise<string | null> {
  const cached = rememberedChoice(request, ACCOUNT_CHOICE_COOKIE);
  const [cachedFor, cachedCountry] = cached?.split(".") ?? [];
  if (cachedFor === userId && cachedCountry !== undefined) return cachedCountry === "-" ? null : cachedCountry;
  const country = await accountCountry(userId);
  rememberChoice(request, ACCOUNT_CHOICE_COOKIE, `${userId}.${country ?? "-"}`, "/", ACCOUNT_CHOICE_SECONDS);
  return country;
}

/** The visitor's country (null: not known), in the order `visitorCountry` keeps. */
export async function requestCountry(request: Request, userId: string | null): Promise<string | null> {
  const chosenHere = rememberedChoice(request.headers, COUNTRY_CHOOSER.cookie);
  // The account is asked only when this browser holds no choice of its own.
  const chosenOnAccount = !isKnownCountry(chosenHere) && userId ? await accountChoiceFor(request, userId) : null;
  return visitorCountry({
    chosenHere,
    chosenOnAccount,
    network: networkCountry(request),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}

/** The help a request's pages show its visitor. */
export async function requestCrisisHelp(request: Request, userId: string | null): Promise<CrisisHelp> {
  return crisisHelpFor(await requestCountry(request, userId));
}

/**
 * The crisis help an email's footer shows its recipient: the country they chose; for an email asked
 * for in a request (a password reset), else that request's country; else none known. An email
 * sent later (a receipt, a new-message notice) knows nothing of where its recipient is now.
 */
export async function recipientCrisisHelp(userId: string, request: Request | null): Promise<CrisisHelp> {
  const chosen = await accountCountry(userId);
  if (isKnownCountry(chosen)) return crisisHelpFor(chosen);
  return request ? requestCrisisHelp(request, null) : crisisHelpFor(null);
}

/**
 * At sign-in: a country chosen in this browser (its cookie, from the request's Cookie header) is kept
 * on the account too, as its newest choice. Nothing happens without one.
 */
export async function keepBrowsersCountry(userId: string, cookieHeader: string | null): Promise<void> {
  const chosen = countryCodeOf(
    rememberedChoice(new Headers(cookieHeader ? { Cookie: cookieHeader } : {}), COUNTRY_CHOOSER.cookie),
  );
  if (isKnownCountry(chosen)) await keepOnAccount(userId, chosen);
}

async function keepOnAccount(userId: string, country: string): Promise<void> {
  const chosenAt = Date.now();
  await createDb(env.DB)
    .insert(crisisCountryChoices)
    .values({ userId, country, chosenAt })
    .onConflictDoUpdate({ target: crisisCountryChoices.userId, set: { country, chosenAt } });
}

/**
 * Remembers the visitor's choice: in this browser, and on their account when signed in. The caller
 * has checked the country is one the table knows.
 */
export async function rememberCountry(request: Request, userId: string | null, country: string): Promise<void> {
  if (userId) {
    await keepOnAccount(userId, country);
    rememberChoice(request, ACCOUNT_CHOICE_COOKIE, `${userId}.${country}`, "/", ACCOUNT_CHOICE_SECONDS);
  }
  rememberChoice(request, COUNTRY_CHOOSER.cookie, country, "/");
}
