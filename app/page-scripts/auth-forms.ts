/** The sign-in screens load no framework; this runs before the public pages' module, which marks scripts as started. */
import { startAuthForms } from "~/lib/auth-forms";
import { SIGN_UP_FORM_KIND, startSignUpForm } from "~/lib/sign-up-form";
import { overwriteGetLocale } from "~/paraglide/runtime";
import { DEFAULT_LANGUAGE, languageOf } from "~/shared/languages";

// The forms' own words speak the language the server rendered in <html lang>.
overwriteGetLocale(() => languageOf(document.documentElement.lang) ?? DEFAULT_LANGUAGE);

startAuthForms(document, { [SIGN_UP_FORM_KIND]: startSignUpForm });
