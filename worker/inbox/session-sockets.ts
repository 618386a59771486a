import { isSessionEndReason, type SessionEndReason } from "~/shared/session-end";
import type { SessionEnd } from "../auth/end-sessions";
import { supportDesk } from "../objects/desk-service";
import { chatRoom } from "../objects/room-service";
import { DESK_SOCKET_ROOM } from "../sockets/desk-upgrade-headers";
import type { Meta } from "../sockets/meta";
import type { SocketSession } from "../sockets/socket-session";

/** Long enough for an upgrade checked just before the end to arrive and be refused. */
const ENDED_SESSION_MEMORY_MS = 60 * 60 * 1000;

export const SESSION_SOCKETS_TABLES = `
  CREATE TABLE IF NOT EXISTS rooms (pair_id TEXT PRIMARY KEY);
  CREATE TABLE IF NOT EXISTS ended_sessions (
    session_id TEXT PRIMARY KEY,
    reason TEXT NOT NULL,
    ended_at INTEGER NOT NULL
  );
`;

export class SessionSockets {
  constructor(
    private readonly sql: SqlStorage,
    private readonly meta: Meta,
  ) {}

  endedReasonFor(session: Pick<SocketSession, "sessionId" | "startedAt">): SessionEndReason | null {
    const ended = this.sql
      .exec<{ reason: string }>("SELECT reason FROM ended_sessions WHERE session_id = ?", session.sessionId)
      .toArray()[0]?.reason;
    if (isSessionEndReason(ended)) return ended;
    const allEndedAt = Number(this.meta.get("all_ended_at") ?? 0);
    const allEndedReason = this.meta.get("all_ended_reason");
    if (session.startedAt < allEndedAt && isSessionEndReason(allEndedReason)) return allEndedReason;
    return null;
  }

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

  /** A room that fails is logged. */
  async closeInRooms(end: SessionEnd, userId: string | null): Promise<void> {
    if (!userId) return;
    const rooms = this.sql.exec<{ pair_id: string }>("SELECT pair_id FROM rooms").toArray();
    const results = await Promise.allSettled(
      rooms.map(async ({ pair_id }) => {
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

  enteredRoom(pairId: string): void {
    this.sql.exec("INSERT OR IGNORE INTO rooms (pair_id) VALUES (?)", pairId);
  }

  leftRoom(pairId: string): void {
    this.sql.exec("DELETE FROM rooms WHERE pair_id = ?", pairId);
  }

  inAnyRoom(): boolean {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM rooms").one().n > 0;
  }
}
