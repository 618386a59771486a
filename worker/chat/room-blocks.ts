import { sqlMigration } from "../sockets/migrations";

export const BLOCKS_TABLE = sqlMigration(`
  CREATE TABLE IF NOT EXISTS blocks (
    blocker_id TEXT NOT NULL,
    blocked_id TEXT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
  );
`);

/**
 * The room's own copy of the blocks between its members (D1 holds the other, which the
 * Worker checks at its gate): a block either way closes the conversation for sending.
 */
export class RoomBlocks {
  /**
   * Whether a block closes the conversation, kept in memory so a message costs no query: read from
   * the `blocks` table when first asked, and again after each change `set` makes to it.
   */
  private closed: boolean | undefined;

  constructor(private readonly sql: SqlStorage) {}

  /** Whether a block, either way, closes this conversation. */
  isClosed(): boolean {
    this.closed ??= this.sql.exec("SELECT 1 FROM blocks LIMIT 1").toArray().length > 0;
    return this.closed;
  }

  /** Records a block made or lifted; answers whether the conversation is closed afterwards. */
  set(blockerId: string, blockedId: string, blocked: boolean): boolean {
    if (blocked) {
      this.sql.exec("INSERT OR IGNORE INTO blocks (blocker_id, blocked_id) VALUES (?, ?)", blockerId, blockedId);
    } else {
      this.sql.exec("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", blockerId, blockedId);
    }
    // Read again from the table: the other member may block too.
    this.closed = undefined;
    return this.isClosed();
  }
}
