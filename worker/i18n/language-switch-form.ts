import { data, redirect } from "react-router";
import { m } from "~/paraglide/messages";
import { LANGUAGE_SWITCH, languageOf, localizedPath } from "~/shared/languages";
import { sameSitePath } from "~/shared/redirect-target";
import { readFormBody } from "../http/posted-form";
import { rememberLanguage } from "./visitor-language";

export type LanguageSwitchRefusal = { error: string; back: string | null };

/** Anything but a language the site speaks is refused with a 400 and changes nothing. */
export async function switchLanguageAction(request: Request, userId: string | null) {
  const form = await readFormBody(request);
  const back = sameSitePath(form?.get(LANGUAGE_SWITCH.backField));
  const language = languageOf(form?.get(LANGUAGE_SWITCH.field));
  if (!language) return data<LanguageSwitchRefusal>({ error: m.language_invalid(), back }, { status: 400 });
  await rememberLanguage(request, userId, language);
  throw redirect(localizedPath(back ?? "/", language), 303);
}
