import type { HeldConversation } from "~/shared/schemas/inbox-protocol";

/** `held` false for the one who no longer holds it. */
export type HeldNotice = HeldConversation & {
  held: boolean;
  /** Rises with every word from the desk. */
  version: number;
  /** Within one version, a later notice has a higher one. */
  seq: number;
};

/** So a notice that arrives late cannot bring it back. */
const RELEASED_MEMORY_MS = 24 * 60 * 60 * 1000;

export const HELD_CONVERSATIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS held_conversations (
    pair_id TEXT PRIMARY KEY,
    visitor_id TEXT NOT NULL,
    visitor_name TEXT NOT NULL,
    waiting_since INTEGER,
    preview TEXT NOT NULL,
    visitor_seq INTEGER NOT NULL,
    crisis INTEGER NOT NULL,
    held INTEGER NOT NULL,
    version INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
`;

type HeldRow = {
  pair_id: string;
  visitor_id: string;
  visitor_name: string;
  waiting_since: number | null;
  preview: string;
  visitor_seq: number;
  crisis: number;
};

/**
 * Notices from one room may cross a change of hands, so each carries the desk's version and the
 * room's seq (docs/decisions/181-a-listeners-own-inbox-knows-who-waits-for-their-reply.md).
 */
export class HeldConversations {
  constructor(private readonly sql: SqlStorage) {}

  record(notice: HeldNotice, now: number): boolean {
    this.sql.exec("DELETE FROM held_conversations WHERE held = 0 AND updated_at < ?", now - RELEASED_MEMORY_MS);
    return (
      this.sql.exec(
        `INSERT INTO held_conversations
           (pair_id, visitor_id, visitor_name, waiting_since, preview, visitor_seq, crisis, held, version, seq, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (pair_id) DO UPDATE SET
           visitor_name = excluded.visitor_name, waiting_since = excluded.waiting_since,
           preview = excluded.preview, visitor_seq = excluded.visitor_seq, crisis = excluded.crisis,
           held = excluded.held, version = excluded.version, seq = excluded.seq, updated_at = excluded.updated_at
         WHERE (excluded.version, excluded.seq) > (held_conversations.version, held_conversations.seq)`,
        notice.pairId,
        notice.visitorId,
        notice.visitorName,
        notice.waitingSince,
        notice.preview,
        notice.visitorSeq,
        notice.crisis ? 1 : 0,
        notice.held ? 1 : 0,
        notice.version,
        notice.seq,
        now,
      ).rowsWritten > 0
    );
  }

  list(): HeldConversation[] {
    return this.sql
      .exec<HeldRow>(
        `SELECT pair_id, visitor_id, visitor_name, waiting_since, preview, visitor_seq, crisis
         FROM held_conversations WHERE held = 1 ORDER BY pair_id`,
      )
      .toArray()
      .map((row) => ({
        pairId: row.pair_id,
        visitorId: row.visitor_id,
        visitorName: row.visitor_name,
        waitingSince: row.waiting_since,
        preview: row.preview,
        visitorSeq: row.visitor_seq,
        crisis: row.crisis === 1,
      }));
  }

  any(): boolean {
    return this.sql.exec("SELECT 1 FROM held_conversations LIMIT 1").toArray().length > 0;
  }
}
