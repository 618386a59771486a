import {
  type ChatMessage,
  MAX_MESSAGE_TEXT,
  MAX_RESUME_BATCH,
  type SendFrame,
  type ServerFrame,
} from "~/shared/schemas/chat-protocol";
import { sqlMigration } from "../sockets/migrations";

export type MessageRow = {
  seq: number;
  client_id: string;
  sender_id: string;
  sender_name: string;
  text: string;
  image_url: string | null;
  timestamp: number;
};

export const MESSAGES_TABLE = sqlMigration(`
  CREATE TABLE IF NOT EXISTS messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id TEXT NOT NULL,
    sender_id TEXT NOT NULL,
    sender_name TEXT NOT NULL,
    text TEXT NOT NULL DEFAULT '',
    image_url TEXT,
    timestamp INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS messages_sender_client_idx ON messages (sender_id, client_id);
  -- Times rise with seq (MessageLog.append), so retention walks the seq order: no index on time to
  -- write with every message.
  DROP INDEX IF EXISTS messages_timestamp_idx;
`);

const toMessage = (row: MessageRow): ChatMessage => ({
  seq: row.seq,
  clientId: row.client_id,
  senderId: row.sender_id,
  senderName: row.sender_name,
  text: row.text,
  imageUrl: row.image_url,
  timestamp: row.timestamp,
});

/** A sender's newest seq and the newest time are kept in memory, so a message costs one insert. */
export class MessageLog {
  private lastMessageAt: number | null | undefined;
  private readonly lastSeqOf = new Map<string, number>();

  constructor(private readonly sql: SqlStorage) {}

  /** How long the visitor has waited for a reply (null: the other member spoke last, or nothing was said). */
  firstUnansweredFrom(visitorId: string): number | null {
    return this.sql
      .exec<{ at: number | null }>(
        `SELECT min(timestamp) AS at FROM messages WHERE sender_id = ?
         AND seq > coalesce((SELECT max(seq) FROM messages WHERE sender_id <> ?), 0)`,
        visitorId,
        visitorId,
      )
      .one().at;
  }

  /** Null for a temp- id already stored; times never go back, so seq order is time order. */
  append(sender: { userId: string; userName: string }, frame: SendFrame, now: number): ChatMessage | null {
    const timestamp = Math.max(now, this.newestMessageAt() ?? 0);
    const text = frame.text.slice(0, MAX_MESSAGE_TEXT);
    const imageUrl = frame.imageUrl ?? null;
    const inserted = this.sql
      .exec<{ seq: number }>(
        `INSERT INTO messages (client_id, sender_id, sender_name, text, image_url, timestamp)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING seq`,
        frame.clientId,
        sender.userId,
        sender.userName,
        text,
        imageUrl,
        timestamp,
      )
      .toArray()[0];
    if (!inserted) return null;
    const { seq } = inserted;
    this.lastMessageAt = timestamp;
    this.lastSeqOf.set(sender.userId, seq);
    return {
      seq,
      clientId: frame.clientId,
      senderId: sender.userId,
      senderName: sender.userName,
      text,
      imageUrl,
      timestamp,
    };
  }

  stored(senderId: string, clientId: string): { seq: number; timestamp: number } | undefined {
    return this.sql
      .exec<{ seq: number; timestamp: number }>(
        "SELECT seq, timestamp FROM messages WHERE sender_id = ? AND client_id = ?",
        senderId,
        clientId,
      )
      .toArray()[0];
  }

  newestMessageAt(): number | null {
    if (this.lastMessageAt === undefined) {
      this.lastMessageAt =
        this.sql.exec<{ timestamp: number }>("SELECT timestamp FROM messages ORDER BY seq DESC LIMIT 1").toArray()[0]
          ?.timestamp ?? null;
    }
    return this.lastMessageAt;
  }

  newestSeqOf(userId: string): number {
    let seq = this.lastSeqOf.get(userId);
    if (seq === undefined) {
      seq =
        this.sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM messages WHERE sender_id = ?", userId).one()
          .seq ?? 0;
      this.lastSeqOf.set(userId, seq);
    }
    return seq;
  }

  latestSeq(): number {
    return this.sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM messages").one().seq ?? 0;
  }

  newestFrom(senderId: string): MessageRow | undefined {
    return this.sql
      .exec<MessageRow>("SELECT * FROM messages WHERE sender_id = ? ORDER BY seq DESC LIMIT 1", senderId)
      .toArray()[0];
  }

  newest(): MessageRow | undefined {
    return this.sql.exec<MessageRow>("SELECT * FROM messages ORDER BY seq DESC LIMIT 1").toArray()[0];
  }

  resumePage(afterSeq: number): ServerFrame {
    const rows = this.sql
      .exec<MessageRow>("SELECT * FROM messages WHERE seq > ? ORDER BY seq LIMIT ?", afterSeq, MAX_RESUME_BATCH + 1)
      .toArray();
    return {
      type: "messages",
      mode: "resume",
      messages: rows.slice(0, MAX_RESUME_BATCH).map(toMessage),
      hasMore: rows.length > MAX_RESUME_BATCH,
    };
  }

  recentPage(beforeSeq: number | null, limit: number): { messages: ChatMessage[]; hasOlder: boolean } {
    const rows = this.sql
      .exec<MessageRow>(
        "SELECT * FROM messages WHERE seq < ? ORDER BY seq DESC LIMIT ?",
        beforeSeq ?? Number.MAX_SAFE_INTEGER,
        limit + 1,
      )
      .toArray();
    return { messages: rows.slice(0, limit).reverse().map(toMessage), hasOlder: rows.length > limit };
  }

  receivedBy(userId: string, seq: number): ChatMessage | null {
    const row = this.sql
      .exec<MessageRow>("SELECT * FROM messages WHERE seq = ? AND sender_id != ?", seq, userId)
      .toArray()[0];
    return row ? toMessage(row) : null;
  }

  oldestMessageAt(): number | null {
    return (
      this.sql.exec<{ timestamp: number }>("SELECT timestamp FROM messages ORDER BY seq LIMIT 1").toArray()[0]
        ?.timestamp ?? null
    );
  }

  olderThan(cutoff: number): { seq: number; imageUrl: string | null }[] {
    const expired: { seq: number; imageUrl: string | null }[] = [];
    const oldestFirst = this.sql.exec<{ seq: number; image_url: string | null; timestamp: number }>(
      "SELECT seq, image_url, timestamp FROM messages ORDER BY seq",
    );
    for (const message of oldestFirst) {
      if (message.timestamp >= cutoff) break;
      expired.push({ seq: message.seq, imageUrl: message.image_url });
    }
    return expired;
  }

  deleteUpTo(seq: number): void {
    this.sql.exec("DELETE FROM messages WHERE seq <= ?", seq);
  }
}
