import { m } from "~/paraglide/messages";

/** Spec sections 4, 8 and 9, shared by the browser timers and the server check. */
export const SESSION_TIMEOUT_MS = 10 * 60 * 1000;
export const INACTIVITY_WARNING_AT_MS = 8 * 60 * 1000;
/** Spec: every 30 seconds. */
export const SESSION_CHECK_INTERVAL_MS = 30 * 1000;
export const ACTIVITY_RESYNC_THRESHOLD_MS = 30 * 1000;
export const ACTIVITY_EVENTS = ["mousedown", "mousemove", "keypress", "scroll", "touchstart", "click"] as const;

const WARNING_MINUTES = (SESSION_TIMEOUT_MS - INACTIVITY_WARNING_AT_MS) / 60_000;

export const INACTIVITY_MESSAGES = {
  get title() {
    return m.inactivity_title();
  },
  get warning() {
    return m.inactivity_warning({ minutes: WARNING_MINUTES, ok: INACTIVITY_MESSAGES.ok });
  },
  get ok() {
    return m.inactivity_ok();
  },
  /** True because messages live in the room, the draft in this browser, and signing in again returns here. */
  get conversationKept() {
    return m.inactivity_conversation_kept();
  },
  get loggedOut() {
    return m.auth_logged_out_inactivity();
  },
};
