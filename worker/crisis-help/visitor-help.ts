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

/** Read anew for each request: only a choice the visitor made is remembered. */

export async function accountCountry(userId: string): Promise<string | null> {
  const [row] = await createDb(env.DB)
    .select({ country: crisisCountryChoices.country })
    .from(crisisCountryChoices)
    .where(eq(crisisCountryChoices.userId, userId))
    .limit(1);
  return row?.country ?? null;
}

/** Under `wrangler dev` and in tests `request.cf` holds a placeholder, the same for everyone. */
function networkCountry(request: Request): string | null {
  if (!getConfig().crisisHelp.trustRequestCountry) return null;
  const cf = request.cf as { country?: unknown } | undefined;
  return typeof cf?.country === "string" ? cf.country : null;
}

/** Spares a signed-in page a D1 read per view; another device's new choice is seen once it runs out. */
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

export async function requestCountry(request: Request, userId: string | null): Promise<string | null> {
  const chosenHere = rememberedChoice(request.headers, COUNTRY_CHOOSER.cookie);
  const chosenOnAccount = !isKnownCountry(chosenHere) && userId ? await accountChoiceFor(request, userId) : null;
  return visitorCountry({
    chosenHere,
    chosenOnAccount,
    network: networkCountry(request),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}

export async function requestCrisisHelp(request: Request, userId: string | null): Promise<CrisisHelp> {
  return crisisHelpFor(await requestCountry(request, userId));
}

/** An email sent later (a receipt, a notice) knows nothing of where its recipient is now. */
export async function recipientCrisisHelp(userId: string, request: Request | null): Promise<CrisisHelp> {
  const chosen = await accountCountry(userId);
  if (isKnownCountry(chosen)) return crisisHelpFor(chosen);
  return request ? requestCrisisHelp(request, null) : crisisHelpFor(null);
}

/** At sign-in, a choice made in this browser becomes the account's newest. */
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

/** The caller has checked the table knows the country. */
export async function rememberCountry(request: Request, userId: string | null, country: string): Promise<void> {
  if (userId) {
    await keepOnAccount(userId, country);
    rememberChoice(request, ACCOUNT_CHOICE_COOKIE, `${userId}.${country}`, "/", ACCOUNT_CHOICE_SECONDS);
  }
  rememberChoice(request, COUNTRY_CHOOSER.cookie, country, "/");
}
