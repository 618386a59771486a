/**
 * The spec's error catalogue (section 8) for answers from the auth endpoints. Unknown user, wrong
 * password and an invalid credential read the same, so nobody can probe which emails have accounts.
 */
export const AUTH_ERROR_MESSAGES = {
  emailInUse: "Email is already in use",
  invalidEmail: "Invalid email format",
  weakPassword: "Password is too weak",
  incorrectCredentials: "Incorrect email or password",
  tooManyAttempts: "Too many failed attempts. Please try again later.",
  accountSuspended: "This account has been suspended.",
  /** Turnstile, when it is on, could not confirm the sign-up came from a person. */
  personCheckFailed: "We couldn't confirm that a person is signing up. Please complete the check and try again.",
  unknown: "An unknown error occurred",
} as const;

/**
 * What a suspended person reads when they try to sign in: the category of the reason
 * (never the admin's note, which is for the moderation log) and where to appeal. A suspension
 * recorded before reasons existed names none.
 */
export function accountSuspendedMessage(reasonLabel: string | null, contactEmail: string): string {
  const reason = reasonLabel ? ` Reason: ${reasonLabel}.` : "";
  return `${AUTH_ERROR_MESSAGES.accountSuspended}${reason} To appeal, email ${contactEmail}.`;
}

/**
 * When someone refused for a while may try again, in words: 'in about a minute', 'in about 8
 * minutes', 'in about 3 hours'. Rounded up below an hour and a half, so it is never too soon.
 */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return "in about a minute";
  if (minutes < 90) return `in about ${minutes} minutes`;
  return `in about ${Math.round(minutes / 60)} hours`;
}

/**
 * Who a refused sign-up was counted with (docs/decisions/164-sign-up-limits-count-networks-not-failures.md):
 * everyone on the visitor's network, or the whole site.
 */
export type SignUpLimitScope = "network" | "site";

/**
 * A sign-up refused by a limit: what happened and when to try again. Nothing failed, so it is not
 * the failed sign-in's words.
 */
export function signUpLimitMessage(scope: SignUpLimitScope, retryAfterSeconds: number): string {
  const when = tryAgainIn(retryAfterSeconds);
  return scope === "network"
    ? `Too many sign-ups have come from this network recently. Please try again ${when}.`
    : `Too many sign-ups are coming in across the site right now. Please try again ${when}.`;
}

/** The codes of sign-up refusals whose message the server writes itself (when, for a limit). */
export const SIGN_UP_REFUSAL_CODES = {
  limited: "TOO_MANY_SIGN_UPS",
  personCheck: "PERSON_CHECK_FAILED",
} as const;

const BY_CODE: Record<string, string> = {
  USER_ALREADY_EXISTS: AUTH_ERROR_MESSAGES.emailInUse,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AUTH_ERROR_MESSAGES.emailInUse,
  INVALID_EMAIL: AUTH_ERROR_MESSAGES.invalidEmail,
  PASSWORD_TOO_SHORT: AUTH_ERROR_MESSAGES.weakPassword,
  PASSWORD_TOO_LONG: AUTH_ERROR_MESSAGES.weakPassword,
  INVALID_EMAIL_OR_PASSWORD: AUTH_ERROR_MESSAGES.incorrectCredentials,
  USER_NOT_FOUND: AUTH_ERROR_MESSAGES.incorrectCredentials,
  INVALID_PASSWORD: AUTH_ERROR_MESSAGES.incorrectCredentials,
  CREDENTIAL_ACCOUNT_NOT_FOUND: AUTH_ERROR_MESSAGES.incorrectCredentials,
  ACCOUNT_SUSPENDED: AUTH_ERROR_MESSAGES.accountSuspended,
};

/** The message a person sees for an error answer: the catalogue's, else 'Error: {message}'. */
export function authErrorMessage(status: number, body: { code?: string; message?: string } | null): string {
  // The sign-up limit writes its own, saying when; the person check its own.
  if (body?.code === SIGN_UP_REFUSAL_CODES.limited && body.message) return body.message;
  if (body?.code === SIGN_UP_REFUSAL_CODES.personCheck) return AUTH_ERROR_MESSAGES.personCheckFailed;
  if (status === 429) return AUTH_ERROR_MESSAGES.tooManyAttempts;
  // The sign-in hook writes this one itself, with the person's reason and the appeal address.
  if (body?.code === "ACCOUNT_SUSPENDED" && body.message) return body.message;
  const known = body?.code ? BY_CODE[body.code] : undefined;
  if (known) return known;
  return body?.message ? `Error: ${body.message}` : AUTH_ERROR_MESSAGES.unknown;
}
