/**
 * The prefix of every better-auth cookie the app sets (`kindred.session_token`, …). Its own module,
 * free of the runtime, so the browser tests name the cookies as better-auth does.
 */
export const AUTH_COOKIE_PREFIX = "kindred";
