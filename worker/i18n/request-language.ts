import { AsyncLocalStorage } from "node:async_hooks";
import { overwriteGetLocale } from "~/paraglide/runtime";
import type { Language } from "~/shared/languages";
import { DEFAULT_LANGUAGE } from "~/shared/languages";

/**
 * The language the server speaks in, for the request (or the email) being handled: every message
 * function (`~/paraglide/messages`) asks it. Outside one, the default language.
 */
const current = new AsyncLocalStorage<Language>();

overwriteGetLocale(() => current.getStore() ?? DEFAULT_LANGUAGE);

/** Runs `work` speaking `language`: a page's render, a refusal's words, an email to its recipient. */
export function inLanguage<T>(language: Language, work: () => T): T {
  return current.run(language, work);
}
