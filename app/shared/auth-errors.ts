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
  if (status === 429) return AUTH_ERROR_MESSAGES.tooManyAttempts;
  // The sign-in hook writes this one itself, with the person's reason and the appeal address.
  if (body?.code === "ACCOUNT_SUSPENDED" && body.message) return body.message;
  const known = body?.code ? BY_CODE[body.code] : undefined;
  if (known) return known;
  return body?.message ? `Error: ${body.message}` : AUTH_ERROR_MESSAGES.unknown;
}
