import { DurableObject } from "cloudflare:workers";

/** A conversation as one member sees it in their list (the spec's users/{uid}/chats/{contactId}). */
export type ChatSummary = {
  contactId: string;
  contactName: string;
  pairId: string;
  lastMessage: string;
  lastMessageTime: number;
  lastSeq: number;
  unread: boolean;
};

/** What the room tells both members' inboxes after storing a message. */
export type MessageNotice = {
  pairId: string;
  contactId: string;
  contactName: string;
  seq: number;
  preview: string;
  timestamp: number;
  /** True in the recipient's inbox, false in the sender's. */
  unread: boolean;
};

type SummaryRow = {
  contact_id: string;
  contact_name: string;
  pair_id: string;
  last_message: string;
  last_message_time: number;
  last_seq: number;
  unread: number;
};

/**
 * One user's inbox (DESIGN.md "UserInbox"): a summary per conversation with its last message and
 * whether it is unread; the unread count behind the header badge. The ChatRoom writes to it after
 * every stored message and read; screens read it.
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
        contact_name TEXT NOT NULL DEFAULT '',
        pair_id TEXT NOT NULL,
        last_message TEXT NOT NULL DEFAULT '',
        last_message_time INTEGER NOT NULL DEFAULT 0,
        last_seq INTEGER NOT NULL DEFAULT 0,
        unread INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX IF NOT EXISTS summaries_time_idx ON summaries (last_message_time DESC);
    `);
  }

  /**
   * A message was stored in one of this user's conversations. Notices can arrive out of order
   * (two rooms, retries): an older seq never replaces a newer last message.
   */
  async recordMessage(notice: MessageNotice): Promise<void> {
    this.ctx.storage.sql.exec(
      `INSERT INTO summaries (contact_id, contact_name, pair_id, last_message, last_message_time, last_seq, unread)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (contact_id) DO UPDATE SET
         contact_name = excluded.contact_name,
         last_message = excluded.last_message,
         last_message_time = excluded.last_message_time,
         last_seq = excluded.last_seq,
         unread = excluded.unread
       WHERE excluded.last_seq > summaries.last_seq`,
      notice.contactId,
      notice.contactName,
      notice.pairId,
      notice.preview,
      notice.timestamp,
      notice.seq,
      notice.unread ? 1 : 0,
    );
  }

  /** This user read a conversation up to a seq: unread clears once the last message is read. */
  async recordRead(contactId: string, upToSeq: number): Promise<void> {
    this.ctx.storage.sql.exec(
      "UPDATE summaries SET unread = 0 WHERE contact_id = ? AND last_seq <= ?",
      contactId,
      upToSeq,
    );
  }

  /** Conversations with a last message, newest first (spec section 9). */
  async list(): Promise<ChatSummary[]> {
    return this.ctx.storage.sql
      .exec<SummaryRow>("SELECT * FROM summaries WHERE last_message_time > 0 ORDER BY last_message_time DESC")
      .toArray()
      .map((row) => ({
        contactId: row.contact_id,
        contactName: row.contact_name,
        pairId: row.pair_id,
        lastMessage: row.last_message,
        lastMessageTime: row.last_message_time,
        lastSeq: row.last_seq,
        unread: row.unread === 1,
      }));
  }

  /** Conversations with an unread message: the number behind the header badge. */
  async unreadCount(): Promise<number> {
    return this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM summaries WHERE unread = 1").one().n;
  }
}
