import { createContext } from "react-router";
import type { SignedInUser } from "~/shared/accounts";
import { type CrisisHelp, NO_COUNTRY_HELP } from "~/shared/crisis-help";
import { DEFAULT_LANGUAGE, type Language } from "~/shared/languages";
import type { SessionEndReason } from "~/shared/session-end";

/** The signed-in user of this request, set by the root middleware (null when signed out). */
export const userContext = createContext<SignedInUser | null>(null);

/**
 * The address this request asked for (path and query), set by the root middleware, so a guard can
 * send a signed-out visitor to sign in and bring them back here afterwards.
 */
export const requestPathContext = createContext<string>("/");

/**
 * Why the session this request carried has ended (sign-out elsewhere, inactivity, a password reset,
 * a suspension), set by the root middleware; null when it carried a live one or none. A guard sends
 * the person to the sign-in page that says so.
 */
export const sessionEndedContext = createContext<SessionEndReason | null>(null);

/**
 * The crisis help of this request's visitor (their country's), set by the root middleware before any
 * guard can refuse the page, so even a refusal's page shows the visitor's own numbers.
 */
export const crisisHelpContext = createContext<CrisisHelp>(NO_COUNTRY_HELP);

/** The language this request's pages speak, set by the root middleware (see worker/i18n/visitor-language.ts). */
export const languageContext = createContext<Language>(DEFAULT_LANGUAGE);
