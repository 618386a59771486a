import { DurableObject } from "cloudflare:workers";

/**
 * One user's inbox (DESIGN.md "UserInbox"): conversation summaries (the spec's
 * users/{userId}/chats/{contactId}), the unread count behind the header badge, and the user's
 * app-wide sockets for presence. This class lays down its storage; live pushes, presence and the
 * offline email arrive with the chat issue.
 */
export class UserInbox extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => this.migrate());
  }

  private migrate() {
    this.ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS summaries (
        contact_id TEXT PRIMARY KEY,
        pair_id TEXT NOT NULL,
        last_message TEXT NOT NULL DEFAULT '',
        last_message_time INTEGER,
        unread INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX IF NOT EXISTS summaries_time_idx ON summaries (last_message_time DESC);
    `);
  }

  /** Conversations with an unread message: the number behind the header badge. */
  async unreadCount(): Promise<number> {
    const row = this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM summaries WHERE unread = 1").one();
    return row.n;
  }
}
