import { m } from "~/paraglide/messages";

/**
 * Spec section 8. Unknown user, wrong password and invalid credential read the same, so nobody can
 * probe which emails have accounts.
 */
export const AUTH_ERROR_MESSAGES = {
  get emailInUse() {
    return m.auth_email_in_use();
  },
  get invalidEmail() {
    return m.auth_invalid_email();
  },
  get weakPassword() {
    return m.auth_weak_password();
  },
  get incorrectCredentials() {
    return m.auth_incorrect_credentials();
  },
  get tooManyAttempts() {
    return m.auth_too_many_attempts();
  },
  get accountSuspended() {
    return m.auth_account_suspended();
  },
  get personCheckFailed() {
    return m.auth_person_check_failed();
  },
  get unknown() {
    return m.auth_unknown_error();
  },
};
type AuthErrorKind = keyof typeof AUTH_ERROR_MESSAGES;

/** The reason's category, never the admin's note. */
export function accountSuspendedMessage(reasonLabel: string | null, contactEmail: string): string {
  const reason = reasonLabel ? ` ${m.auth_suspended_reason({ reason: reasonLabel })}` : "";
  return `${AUTH_ERROR_MESSAGES.accountSuspended}${reason} ${m.auth_suspended_appeal({ email: contactEmail })}`;
}

/** Rounded up below an hour and a half, so it is never too soon. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return m.auth_in_about_a_minute();
  if (minutes < 90) return m.auth_in_about_minutes({ minutes });
  return m.auth_in_about_hours({ hours: Math.round(minutes / 60) });
}

/** docs/decisions/164-sign-up-limits-count-networks-not-failures.md */
export type SignUpLimitScope = "network" | "site";

/** Nothing failed, so not the failed sign-in's words. */
export function signUpLimitMessage(scope: SignUpLimitScope, retryAfterSeconds: number): string {
  const when = tryAgainIn(retryAfterSeconds);
  return scope === "network" ? m.auth_sign_up_limit_network({ when }) : m.auth_sign_up_limit_site({ when });
}

export const SIGN_UP_REFUSAL_CODES = {
  limited: "TOO_MANY_SIGN_UPS",
  personCheck: "PERSON_CHECK_FAILED",
} as const;

const BY_CODE: Record<string, AuthErrorKind> = {
  USER_ALREADY_EXISTS: "emailInUse",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "emailInUse",
  INVALID_EMAIL: "invalidEmail",
  PASSWORD_TOO_SHORT: "weakPassword",
  PASSWORD_TOO_LONG: "weakPassword",
  INVALID_EMAIL_OR_PASSWORD: "incorrectCredentials",
  USER_NOT_FOUND: "incorrectCredentials",
  INVALID_PASSWORD: "incorrectCredentials",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "incorrectCredentials",
  ACCOUNT_SUSPENDED: "accountSuspended",
};

export function authErrorMessage(status: number, body: { code?: string; message?: string } | null): string {
  if (body?.code === SIGN_UP_REFUSAL_CODES.limited && body.message) return body.message;
  if (body?.code === SIGN_UP_REFUSAL_CODES.personCheck) return AUTH_ERROR_MESSAGES.personCheckFailed;
  if (status === 429) return AUTH_ERROR_MESSAGES.tooManyAttempts;
  if (body?.code === "ACCOUNT_SUSPENDED" && body.message) return body.message;
  const known = body?.code && Object.hasOwn(BY_CODE, body.code) ? BY_CODE[body.code] : undefined;
  if (known) return AUTH_ERROR_MESSAGES[known];
  return body?.message ? m.auth_error_with_message({ message: body.message }) : AUTH_ERROR_MESSAGES.unknown;
}
