import { CHAT_MESSAGES, SESSION_LENGTH_MS, type ServerFrame } from "~/shared/schemas/chat-protocol";
import type { Meta } from "../sockets/meta";

export const SESSION_NOTICE_FRAME: ServerFrame = { type: "session-notice", message: CHAT_MESSAGES.sessionNotice };

/** Spec section 2: starts after 20 quiet minutes; 20 minutes later both members are told once. Nobody is cut off. */
export class SessionNotice {
  constructor(private readonly meta: Meta) {}

  startIfIdle(previousLast: number | null, now: number): boolean {
    if (previousLast !== null && now - previousLast < SESSION_LENGTH_MS) return false;
    this.meta.set("session_started_at", String(now));
    this.meta.delete("session_notified");
    return true;
  }

  due(): number | null {
    const started = this.meta.get("session_started_at");
    if (!started || this.meta.get("session_notified")) return null;
    return Number(started) + SESSION_LENGTH_MS;
  }

  /** Until 20 quiet minutes after the newest message, when the next message starts a new session. */
  stands(newestAt: number | null, now: number): boolean {
    if (newestAt === null || !this.meta.get("session_notified")) return false;
    return now - newestAt < SESSION_LENGTH_MS;
  }

  give(now: number): boolean {
    const due = this.due();
    if (due === null || due > now) return false;
    this.meta.set("session_notified", "1");
    return true;
  }
}
