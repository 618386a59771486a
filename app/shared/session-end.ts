import { m } from "~/paraglide/messages";
import { AUTH_ERROR_MESSAGES } from "~/shared/auth-errors";
import { INACTIVITY_MESSAGES } from "~/shared/inactivity";
import { withNext } from "~/shared/redirect-target";
import { PATHS } from "~/shared/routes";

/**
 * Why a session ended, as the sign-in pages tell it (`?reason=`). Each way out says what happened:
 * signing out never reads as an inactivity logout, and the inactivity text shows only after one.
 */
export const SESSION_END_MESSAGES = {
  get inactivity() {
    return INACTIVITY_MESSAGES.loggedOut;
  },
  get "signed-out"() {
    return m.auth_signed_out();
  },
  get "password-reset"() {
    return m.auth_password_reset_signed_out();
  },
  get suspended() {
    return AUTH_ERROR_MESSAGES.accountSuspended;
  },
};
export type SessionEndReason = keyof typeof SESSION_END_MESSAGES;

/** The account menu's way out, and /signout, the page that asks the same without scripts. */
export const SIGN_OUT_TEXTS = {
  get button() {
    return m.sign_out_button();
  },
  get busy() {
    return m.sign_out_busy();
  },
  get pageTitle() {
    return m.sign_out_page_title();
  },
  get question() {
    return m.sign_out_question();
  },
  get cancel() {
    return m.sign_out_cancel();
  },
};

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === "string" && Object.hasOwn(SESSION_END_MESSAGES, value);
}

/**
 * Where a session's end sends the person (spec: sign-out and the inactivity logout go to /signup).
 * After an inactivity logout, signing in again returns to the page they were on.
 */
export function sessionEndPath(reason: SessionEndReason, returnTo?: string): string {
  const path = `${PATHS.signup}?reason=${reason}`;
  return reason === "inactivity" ? withNext(path, returnTo) : path;
}

/** Why the session ended, for a sign-in page reached through that end (`?reason=`), or null. */
function sessionEndReasonOf(url: string): SessionEndReason | null {
  const reason = new URL(url).searchParams.get("reason");
  return isSessionEndReason(reason) ? reason : null;
}

/** The message for a sign-in page reached through a session's end, or null. */
export function sessionEndNotice(url: string): string | null {
  const reason = sessionEndReasonOf(url);
  return reason ? SESSION_END_MESSAGES[reason] : null;
}

type AuthScreenMode = "signup" | "signin";

/**
 * Which side of the one sign-in / create-account screen /signup shows. A session's end
 * (signing out, the inactivity logout, a password reset, a suspension) always leaves someone who
 * already has an account, so /signup?reason=… (the spec's destination) opens on 'Welcome Back',
 * with the reason's message, instead of offering a new account with a new username; 'Create an
 * account' is one link away. Every other visit to /signup opens on 'Create an Account'. The page
 * and its action both ask this, so the form posted from there signs in.
 */
export function authScreenModeFor(url: string): AuthScreenMode {
  return sessionEndReasonOf(url) ? "signin" : "signup";
}
