import { createContext } from "react-router";
import type { SignedInUser } from "~/shared/accounts";
import { type CrisisHelp, NO_COUNTRY_HELP } from "~/shared/crisis-help";
import { DEFAULT_LANGUAGE, type Language } from "~/shared/languages";
import type { SessionEndReason } from "~/shared/session-end";

export const userContext = createContext<SignedInUser | null>(null);

/** So a guard can bring a signed-out visitor back here after sign-in. */
export const requestPathContext = createContext<string>("/");

/** A guard sends the person to the sign-in page that says so. */
export const sessionEndedContext = createContext<SessionEndReason | null>(null);

/** Set before any guard can refuse the page, so even a refusal shows the visitor's own numbers. */
export const crisisHelpContext = createContext<CrisisHelp>(NO_COUNTRY_HELP);

/** See worker/i18n/visitor-language.ts. */
export const languageContext = createContext<Language>(DEFAULT_LANGUAGE);
