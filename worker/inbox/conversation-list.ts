import type { ChatSummary, InboxFrame } from "~/shared/schemas/inbox-protocol";

export type MessageNotice = {
  pairId: string;
  contactId: string;
  contactName: string;
  seq: number;
  preview: string;
  timestamp: number;
  unread: boolean;
};

export const CONVERSATION_LIST_TABLES = `
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
  CREATE TABLE IF NOT EXISTS blocked_contacts (contact_id TEXT PRIMARY KEY);
`;

/** Kept for unblocking, never shown. */
const NOT_BLOCKED = "contact_id NOT IN (SELECT contact_id FROM blocked_contacts)";

type SummaryRow = {
  contact_id: string;
  contact_name: string;
  pair_id: string;
  last_message: string;
  last_message_time: number;
  last_seq: number;
  unread: number;
};

export class ConversationList {
  constructor(private readonly sql: SqlStorage) {}

  /** Notices can arrive out of order: an older seq never replaces a newer one. */
  record(notice: MessageNotice): boolean {
    if (this.isBlocked(notice.contactId)) return false;
    return (
      this.sql.exec(
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
      ).rowsWritten > 0
    );
  }

  markRead(contactId: string, upToSeq: number): boolean {
    return (
      this.sql.exec(
        "UPDATE summaries SET unread = 0 WHERE contact_id = ? AND last_seq <= ? AND unread = 1",
        contactId,
        upToSeq,
      ).rowsWritten > 0
    );
  }

  /** A later summary stays. */
  forgetUpTo(contactId: string, upToSeq: number): boolean {
    return (
      this.sql.exec("DELETE FROM summaries WHERE contact_id = ? AND last_seq <= ?", contactId, upToSeq).rowsWritten > 0
    );
  }

  setBlocked(contactId: string, blocked: boolean): void {
    if (blocked) this.sql.exec("INSERT OR IGNORE INTO blocked_contacts (contact_id) VALUES (?)", contactId);
    else this.sql.exec("DELETE FROM blocked_contacts WHERE contact_id = ?", contactId);
  }

  isUnread(contactId: string): boolean {
    return (
      this.sql.exec("SELECT 1 FROM summaries WHERE contact_id = ? AND unread = 1", contactId).toArray().length > 0 &&
      !this.isBlocked(contactId)
    );
  }

  holds(pairId: string, seq: number): boolean {
    return (
      this.sql.exec("SELECT 1 FROM summaries WHERE pair_id = ? AND last_seq >= ?", pairId, seq).toArray().length > 0
    );
  }

  list(): ChatSummary[] {
    return this.sql
      .exec<SummaryRow>(
        `SELECT * FROM summaries WHERE last_message_time > 0 AND ${NOT_BLOCKED}
         ORDER BY last_message_time DESC`,
      )
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

  unreadCount(): number {
    return this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM summaries WHERE unread = 1 AND ${NOT_BLOCKED}`).one()
      .n;
  }

  snapshot(): InboxFrame {
    return { type: "inbox", unread: this.unreadCount(), chats: this.list() };
  }

  private isBlocked(contactId: string): boolean {
    return this.sql.exec("SELECT 1 FROM blocked_contacts WHERE contact_id = ?", contactId).toArray().length > 0;
  }
}
