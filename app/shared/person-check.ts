/**
 * The optional person check at sign-up, Cloudflare Turnstile
 * (docs/decisions/165-turnstile-is-optional-and-a-failed-siteverify-lets-the-limits-decide.md): on only
 * when its keys are configured.
 */

/** The form field the Turnstile widget fills with its token (its default name). */
export const PERSON_CHECK_FIELD = "cf-turnstile-response";

/**
 * The header a sign-up carries the token in, to better-auth's endpoint: better-auth's own captcha
 * plugin reads the same one, so a client written for it works here.
 */
export const PERSON_CHECK_HEADER = "x-captcha-response";

/** The widget's script, from Cloudflare (the pages' Content-Security-Policy lets its frame in). */
export const TURNSTILE_SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js";

/** Where the widget's frame comes from. */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
