/**
 * On only when its keys are configured
 * (docs/decisions/165-turnstile-is-optional-and-a-failed-siteverify-lets-the-limits-decide.md).
 */

/** The widget's default name. */
export const PERSON_CHECK_FIELD = "cf-turnstile-response";

/** better-auth's captcha plugin reads the same one, so a client written for it works here. */
export const PERSON_CHECK_HEADER = "x-captcha-response";

export const TURNSTILE_SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js";

export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
