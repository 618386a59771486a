import { AsyncLocalStorage } from "node:async_hooks";
import { overwriteGetLocale } from "~/paraglide/runtime";
import type { Language } from "~/shared/languages";
import { DEFAULT_LANGUAGE } from "~/shared/languages";

/** Every message function (`~/paraglide/messages`) reads it; outside a request, the default language. */
const current = new AsyncLocalStorage<Language>();

overwriteGetLocale(() => current.getStore() ?? DEFAULT_LANGUAGE);

export function inLanguage<T>(language: Language, work: () => T): T {
  return current.run(language, work);
}
