import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { COUNTRY_CHOOSER, type CrisisHelp, countryCodeOf } from "~/shared/crisis-help";
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

/** The visitor's country (null: not known), in the order `visitorCountry` keeps. */
export async function requestCountry(request: Request, userId: string | null): Promise<string | null> {
  const chosenHere = rememberedChoice(request.headers, COUNTRY_CHOOSER.cookie);
  // The account is asked only when this browser holds no choice of its own.
  const chosenOnAccount = !isKnownCountry(chosenHere) && userId ? await accountCountry(userId) : null;
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
  if (userId) await keepOnAccount(userId, country);
  rememberChoice(request, COUNTRY_CHOOSER.cookie, country, "/");
}
