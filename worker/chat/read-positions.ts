import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { addColumnMigration, sqlMigration } from "../sockets/migrations";

export const MEMBERS_TABLE = sqlMigration(`
  CREATE TABLE IF NOT EXISTS members (
    user_id TEXT PRIMARY KEY,
    last_read_seq INTEGER NOT NULL DEFAULT 0,
    last_delivered_seq INTEGER NOT NULL DEFAULT 0
  );
`);
export const MEMBERS_DELIVERED_COLUMN = addColumnMigration(
  "members",
  "last_delivered_seq",
  "INTEGER NOT NULL DEFAULT 0",
);

type Position = { read: number; delivered: number };

/** Positions only move forward; each move answers whether it moved, so only real changes are told. */
export class ReadPositions {
  /** The stored position may be higher, never lower. */
  private readonly readAtLeast = new Map<string, number>();

  constructor(private readonly sql: SqlStorage) {}

  addMembers(members: readonly string[]): void {
    for (const member of members) this.sql.exec("INSERT OR IGNORE INTO members (user_id) VALUES (?)", member);
  }

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

  markDelivered(userId: string, seq: number): boolean {
    return this.raise("last_delivered_seq", userId, seq);
  }

  markRead(userId: string, seq: number): boolean {
    this.raise("last_delivered_seq", userId, seq);
    return this.raise("last_read_seq", userId, seq);
  }

  /** Sending implies having read the other's earlier messages; a run of one's own messages writes nothing. */
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

  receiptsOf(userId: string): ServerFrame[] {
    const { read, delivered } = this.of(userId);
    const frames: ServerFrame[] = [];
    if (delivered > 0) frames.push({ type: "delivered", userId, upToSeq: delivered });
    if (read > 0) frames.push({ type: "read", userId, upToSeq: read });
    return frames;
  }

  private raise(column: "last_read_seq" | "last_delivered_seq", userId: string, seq: number): boolean {
    return (
      this.sql.exec(`UPDATE members SET ${column} = ? WHERE user_id = ? AND ${column} < ?`, seq, userId, seq)
        .rowsWritten > 0
    );
  }
}
