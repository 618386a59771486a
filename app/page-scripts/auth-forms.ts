/**
 * The module of the sign-in screens (/signup, /login, /recover, /reset-password), which load no
 * framework (scripts/page-scripts-plugin.ts builds it): it starts their forms' behaviour over the
 * server's markup. It runs before the public pages' module, which marks the page's scripts as
 * started.
 */
import { startAuthForms } from "~/lib/auth-forms";
import { SIGN_UP_FORM_KIND, startSignUpForm } from "~/lib/sign-up-form";
import { overwriteGetLocale } from "~/paraglide/runtime";
import { DEFAULT_LANGUAGE, languageOf } from "~/shared/languages";

// The forms' own words (a check's message, 'Hide', an upload's failure) speak the page's language,
// which the server rendered in <html lang>, before any form starts.
overwriteGetLocale(() => languageOf(document.documentElement.lang) ?? DEFAULT_LANGUAGE);

startAuthForms(document, { [SIGN_UP_FORM_KIND]: startSignUpForm });
