import { sqlMigration } from "../sockets/migrations";

export const BLOCKS_TABLE = sqlMigration(`
  CREATE TABLE IF NOT EXISTS blocks (
    blocker_id TEXT NOT NULL,
    blocked_id TEXT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
  );
`);

/** D1 holds the other copy, which the Worker checks at its gate. */
export class RoomBlocks {
  /** Kept in memory so a message costs no query. */
  private closed: boolean | undefined;

  constructor(private readonly sql: SqlStorage) {}

  isClosed(): boolean {
    this.closed ??= this.sql.exec("SELECT 1 FROM blocks LIMIT 1").toArray().length > 0;
    return this.closed;
  }

  set(blockerId: string, blockedId: string, blocked: boolean): boolean {
    if (blocked) {
      this.sql.exec("INSERT OR IGNORE INTO blocks (blocker_id, blocked_id) VALUES (?, ?)", blockerId, blockedId);
    } else {
      this.sql.exec("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", blockerId, blockedId);
    }
    // The other member may block too.
    this.closed = undefined;
    return this.isClosed();
  }
}
