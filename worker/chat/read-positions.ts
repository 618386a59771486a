import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { addColumnMigration, sqlMigration } from "../sockets/migrations";

export const MEMBERS_TABLE = sqlMigration(`
  CREATE TABLE IF NOT EXISTS members (
    user_id TEXT PRIMARY KEY,
    last_read_seq INTEGER NOT NULL DEFAULT 0,
    last_delivered_seq INTEGER NOT NULL DEFAULT 0
  );
`);
// Rooms created before delivery receipts existed gain the column once.
export const MEMBERS_DELIVERED_COLUMN = addColumnMigration(
  "members",
  "last_delivered_seq",
  "INTEGER NOT NULL DEFAULT 0",
);

type Position = { read: number; delivered: number };

/**
 * How far each member has read the conversation, and how far their devices have received it (the
 * other member's 'Read' and 'Delivered'). Positions only move forward; each move answers whether
 * it moved, so the room tells the other member only of real changes.
 */
export class ReadPositions {
  /**
   * A seq up to which each member has read the other member's messages, as far as this instance
   * knows (the stored position may be higher, never lower for those messages).
   */
  private readonly readAtLeast = new Map<string, number>();

  constructor(private readonly sql: SqlStorage) {}

  addMembers(members: readonly string[]): void {
    for (const member of members) this.sql.exec("INSERT OR IGNORE INTO members (user_id) VALUES (?)", member);
  }

  /** A member's read and delivered positions (0 and 0 for someone not in this room). */
  of(userId: string): Position {
    return (
      this.sql
        .exec<Position>(
          "SELECT last_read_seq AS read, last_delivered_seq AS delivered FROM members WHERE user_id = ?",
          userId,
        )
        .toArray()[0] ?? { read: 0, delivered: 0 }
    );
  }

  /** A member's devices received the conversation up to `seq`; true when that is news. */
  markDelivered(userId: string, seq: number): boolean {
    return this.raise("last_delivered_seq", userId, seq);
  }

  /** A member read up to `seq` (which implies received); true when the read position moved. */
  markRead(userId: string, seq: number): boolean {
    this.raise("last_delivered_seq", userId, seq);
    return this.raise("last_read_seq", userId, seq);
  }

  /**
   * A member sent message `seq`: sending implies having received and read the other member's
   * messages before it (the newest of which is `theirs`). Only when some of those were not yet read
   * is anything written, and true answered; a run of one's own messages writes nothing here (a
   * position need not cover one's own messages) and most answer from memory.
   */
  readBySending(userId: string, seq: number, theirs: number): boolean {
    if (theirs <= (this.readAtLeast.get(userId) ?? 0)) return false;
    const { read } = this.of(userId);
    this.readAtLeast.set(userId, Math.max(read, seq));
    if (theirs <= read) return false;
    this.sql.exec(
      `UPDATE members SET last_read_seq = max(last_read_seq, ?1), last_delivered_seq = max(last_delivered_seq, ?1)
       WHERE user_id = ?2`,
      seq,
      userId,
    );
    return true;
  }

  /** Where a member has got to, as frames for a socket of the other member that just (re)connected. */
  receiptsOf(userId: string): ServerFrame[] {
    const { read, delivered } = this.of(userId);
    const frames: ServerFrame[] = [];
    if (delivered > 0) frames.push({ type: "delivered", userId, upToSeq: delivered });
    if (read > 0) frames.push({ type: "read", userId, upToSeq: read });
    return frames;
  }

  /** Moves a member's read or delivered position forward (never back); true when it moved. */
  private raise(column: "last_read_seq" | "last_delivered_seq", userId: string, seq: number): boolean {
    return (
      this.sql.exec(`UPDATE members SET ${column} = ? WHERE user_id = ? AND ${column} < ?`, seq, userId, seq)
        .rowsWritten > 0
    );
  }
}
