import { m } from "~/paraglide/messages";

/** Inactivity rules (spec sections 4, 8 and 9), shared by the browser timers and the server check. */
export const SESSION_TIMEOUT_MS = 10 * 60 * 1000;
export const INACTIVITY_WARNING_AT_MS = 8 * 60 * 1000;
/** How often the browser checks the session and reports activity (spec: every 30 seconds). */
export const SESSION_CHECK_INTERVAL_MS = 30 * 1000;
/** Local time is resynced to the server's record when they differ by more than this. */
export const ACTIVITY_RESYNC_THRESHOLD_MS = 30 * 1000;
export const ACTIVITY_EVENTS = ["mousedown", "mousemove", "keypress", "scroll", "touchstart", "click"] as const;

/** Whole minutes between the warning and the logout, as the warning says them. */
const WARNING_MINUTES = (SESSION_TIMEOUT_MS - INACTIVITY_WARNING_AT_MS) / 60_000;

/** The warning's words, in the page's language. */
export const INACTIVITY_MESSAGES = {
  get title() {
    return m.inactivity_title();
  },
  get warning() {
    return m.inactivity_warning({ minutes: WARNING_MINUTES, ok: INACTIVITY_MESSAGES.ok });
  },
  /** The warning's one button, which the warning names. */
  get ok() {
    return m.inactivity_ok();
  },
  /**
   * Added to the warning on a conversation: someone waiting for a reply must not fear
   * that the logout loses it. True because messages live in the room, the draft in this browser,
   * and signing in again returns to the conversation.
   */
  get conversationKept() {
    return m.inactivity_conversation_kept();
  },
  /** Shown on the sign-in page the logout leads to, in the page's language. */
  get loggedOut() {
    return m.auth_logged_out_inactivity();
  },
};
