import { DurableObject } from "cloudflare:workers";

/**
 * One conversation, addressed by pairId (the two user ids sorted and joined by '_'). It is the single
 * writer of that conversation's messages (DESIGN.md "ChatRoom"). This class lays down its storage;
 * the socket protocol, resume, read state, the 20-minute notice and the 7-day alarm arrive with the
 * chat issue.
 */
export class ChatRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => this.migrate());
  }

  private migrate() {
    this.ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        client_id TEXT NOT NULL UNIQUE,
        sender_id TEXT NOT NULL,
        sender_name TEXT NOT NULL,
        text TEXT NOT NULL DEFAULT '',
        image_url TEXT,
        timestamp INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS messages_timestamp_idx ON messages (timestamp);
      CREATE TABLE IF NOT EXISTS members (
        user_id TEXT PRIMARY KEY,
        last_read_seq INTEGER NOT NULL DEFAULT 0
      );
    `);
  }

  /** How many messages this conversation holds; used by housekeeping and tests. */
  async messageCount(): Promise<number> {
    const row = this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages").one();
    return row.n;
  }
}
