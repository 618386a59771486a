import { isSessionEndReason, type SessionEndReason } from "~/shared/session-end";
import type { SessionEnd } from "../auth/end-sessions";
import { supportDesk } from "../objects/desk-service";
import { chatRoom } from "../objects/room-service";
import { DESK_SOCKET_ROOM } from "../sockets/desk-upgrade-headers";
import type { Meta } from "../sockets/meta";
import type { SocketSession } from "../sockets/socket-session";

/**
 * How long an ended session's id is remembered: long enough for a socket upgrade the Worker checked
 * just before the end to arrive and be refused (such races last milliseconds).
 */
const ENDED_SESSION_MEMORY_MS = 60 * 60 * 1000;

export const SESSION_SOCKETS_TABLES = `
  CREATE TABLE IF NOT EXISTS rooms (pair_id TEXT PRIMARY KEY);
  CREATE TABLE IF NOT EXISTS ended_sessions (
    session_id TEXT PRIMARY KEY,
    reason TEXT NOT NULL,
    ended_at INTEGER NOT NULL
  );
`;

/**
 * Which of the user's sessions ended, and which conversations' rooms hold sockets of the user
 * (docs/decisions/044-ending-a-session-ends-its-sockets-everywhere.md): ending a session is one call to
 * the inbox, which closes its own sockets and through these rooms every other socket opened with it.
 */
export class SessionSockets {
  constructor(
    private readonly sql: SqlStorage,
    private readonly meta: Meta,
  ) {}

  /** Why a socket's session can no longer be used, or null while it can. */
  endedReasonFor(session: Pick<SocketSession, "sessionId" | "startedAt">): SessionEndReason | null {
    const ended = this.sql
      .exec<{ reason: string }>("SELECT reason FROM ended_sessions WHERE session_id = ?", session.sessionId)
      .toArray()[0]?.reason;
    if (isSessionEndReason(ended)) return ended;
    // Every session ended at that time: a session begun before then is one of them.
    const allEndedAt = Number(this.meta.get("all_ended_at") ?? 0);
    const allEndedReason = this.meta.get("all_ended_reason");
    if (session.startedAt < allEndedAt && isSessionEndReason(allEndedReason)) return allEndedReason;
    return null;
  }

  /** Sessions ended: remembered, so an upgrade the Worker checked before the end is refused when it arrives. */
  remember(end: SessionEnd, now: number): void {
    for (const sessionId of end.sessionIds) {
      this.sql.exec(
        "INSERT OR REPLACE INTO ended_sessions (session_id, reason, ended_at) VALUES (?, ?, ?)",
        sessionId,
        end.reason,
        now,
      );
    }
    if (end.everySession) {
      this.meta.set("all_ended_at", String(now));
      this.meta.set("all_ended_reason", end.reason);
    }
    this.sql.exec("DELETE FROM ended_sessions WHERE ended_at < ?", now - ENDED_SESSION_MEMORY_MS);
  }

  /**
   * Each room holding a socket of the user closes those the end covers. Resolves when every room
   * has (a room that failed to is logged); a room left with none of the user's sockets is forgotten.
   */
  async closeInRooms(end: SessionEnd, userId: string | null): Promise<void> {
    if (!userId) return;
    const rooms = this.sql.exec<{ pair_id: string }>("SELECT pair_id FROM rooms").toArray();
    const results = await Promise.allSettled(
      rooms.map(async ({ pair_id }) => {
        // The support desk's sockets are remembered like a room's, under its own name.
        const holder = pair_id === DESK_SOCKET_ROOM ? supportDesk() : chatRoom(pair_id);
        const remaining = await holder.endSessions(userId, end);
        if (remaining === 0) this.leftRoom(pair_id);
      }),
    );
    for (const result of results) {
      if (result.status === "rejected") {
        console.error(JSON.stringify({ at: "user-inbox.endSessions", error: String(result.reason) }));
      }
    }
  }

  /** A conversation's room holds a socket of the user: ending a session must reach it. */
  enteredRoom(pairId: string): void {
    this.sql.exec("INSERT OR IGNORE INTO rooms (pair_id) VALUES (?)", pairId);
  }

  /** The user has no socket left in a conversation's room. */
  leftRoom(pairId: string): void {
    this.sql.exec("DELETE FROM rooms WHERE pair_id = ?", pairId);
  }

  /** Whether a conversation's room holds a socket of the user. */
  inAnyRoom(): boolean {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM rooms").one().n > 0;
  }
}
