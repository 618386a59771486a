import { CHAT_MESSAGES, SESSION_LENGTH_MS, type ServerFrame } from "~/shared/schemas/chat-protocol";
import type { Meta } from "../sockets/meta";

export const SESSION_NOTICE_FRAME: ServerFrame = { type: "session-notice", message: CHAT_MESSAGES.sessionNotice };

/**
 * The conversation's session (spec section 2; the room tracks it): it starts with the
 * first message after 20 quiet minutes (or the very first), and 20 minutes later both members are
 * told once. Nobody is cut off. Kept in the room's `meta` table.
 */
export class SessionNotice {
  constructor(private readonly meta: Meta) {}

  /** A message at `now`, after one at `previousLast` (null: none): true when it starts a session. */
  startIfIdle(previousLast: number | null, now: number): boolean {
    if (previousLast !== null && now - previousLast < SESSION_LENGTH_MS) return false;
    this.meta.set("session_started_at", String(now));
    this.meta.delete("session_notified");
    return true;
  }

  /** When the notice is due, or null when there is no session or it was given. */
  due(): number | null {
    const started = this.meta.get("session_started_at");
    if (!started || this.meta.get("session_notified")) return null;
    return Number(started) + SESSION_LENGTH_MS;
  }

  /**
   * Whether the notice given for a session still stands at `now`: it was given, and the
   * conversation has not been quiet for 20 minutes since its newest message (at `newestAt`), after
   * which the next message starts a new session. A rendered page shows it then.
   */
  stands(newestAt: number | null, now: number): boolean {
    if (newestAt === null || !this.meta.get("session_notified")) return false;
    return now - newestAt < SESSION_LENGTH_MS;
  }

  /** True once, when the notice is due by `now`: it is then given (the caller sends the frame). */
  give(now: number): boolean {
    const due = this.due();
    if (due === null || due > now) return false;
    this.meta.set("session_notified", "1");
    return true;
  }
}
