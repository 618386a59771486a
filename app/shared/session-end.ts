import { m } from "~/paraglide/messages";
import { AUTH_ERROR_MESSAGES } from "~/shared/auth-errors";
import { INACTIVITY_MESSAGES } from "~/shared/inactivity";
import { withNext } from "~/shared/redirect-target";
import { PATHS } from "~/shared/routes";

/** Signing out never reads as an inactivity logout, and the inactivity text shows only after one. */
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
 * Spec: sign-out and the inactivity logout go to /signup; after an inactivity logout, back to the
 * page they were on.
 */
export function sessionEndPath(reason: SessionEndReason, returnTo?: string): string {
  const path = `${PATHS.signup}?reason=${reason}`;
  return reason === "inactivity" ? withNext(path, returnTo) : path;
}

function sessionEndReasonOf(url: string): SessionEndReason | null {
  const reason = new URL(url).searchParams.get("reason");
  return isSessionEndReason(reason) ? reason : null;
}

export function sessionEndNotice(url: string): string | null {
  const reason = sessionEndReasonOf(url);
  return reason ? SESSION_END_MESSAGES[reason] : null;
}

type AuthScreenMode = "signup" | "signin";

/**
 * A session's end always leaves someone who has an account, so /signup?reason=… opens on 'Welcome
 * Back' rather than a new username. The page and its action both ask this.
 */
export function authScreenModeFor(url: string): AuthScreenMode {
  return sessionEndReasonOf(url) ? "signin" : "signup";
}
