import { eq } from "drizzle-orm";
import { createElement } from "react";
import { getConfig } from "../config";
import { recipientCrisisHelp } from "../crisis-help/visitor-help";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { sendEmail } from "../email/send-email";
import { NEW_MESSAGE_TEMPLATE, NewMessageEmail, newMessageSubject } from "../email/templates/new-message-email";
import { recipientLanguage } from "../i18n/visitor-language";
import type { MessageNotice } from "./conversation-list";

const EMAIL_WINDOW_MS = 10 * 60 * 1000;
/** A message read meanwhile sends none. */
const EMAIL_GRACE_MS = 60_000;

export const OFFLINE_EMAIL_TABLES = `
  CREATE TABLE IF NOT EXISTS pending_emails (
    pair_id TEXT PRIMARY KEY,
    contact_id TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    preview TEXT NOT NULL,
    seq INTEGER NOT NULL,
    due_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS sent_emails (pair_id TEXT PRIMARY KEY, sent_at INTEGER NOT NULL);
`;

type PendingEmail = { pair_id: string; contact_id: string; contact_name: string; preview: string; seq: number };

type EmailStillOwed = {
  unread(contactId: string): boolean;
  away(): boolean;
};

/** Spec section 9: at most one per conversation every 10 minutes, after a minute's grace. */
export class OfflineEmail {
  constructor(private readonly sql: SqlStorage) {}

  queue(notice: MessageNotice, now: number): boolean {
    const lastSent = this.sql
      .exec<{ sent_at: number }>("SELECT sent_at FROM sent_emails WHERE pair_id = ?", notice.pairId)
      .toArray()[0]?.sent_at;
    if (lastSent !== undefined && now - lastSent < EMAIL_WINDOW_MS) return false;
    this.sql.exec(
      `INSERT INTO pending_emails (pair_id, contact_id, contact_name, preview, seq, due_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (pair_id) DO UPDATE SET preview = excluded.preview, seq = excluded.seq, contact_name = excluded.contact_name`,
      notice.pairId,
      notice.contactId,
      notice.contactName,
      notice.preview,
      notice.seq,
      now + EMAIL_GRACE_MS,
    );
    return true;
  }

  dropReadUpTo(contactId: string, seq: number): void {
    this.sql.exec("DELETE FROM pending_emails WHERE contact_id = ? AND seq <= ?", contactId, seq);
  }

  dropFor(contactId: string): void {
    this.sql.exec("DELETE FROM pending_emails WHERE contact_id = ?", contactId);
  }

  nextDue(): number | null {
    return this.sql.exec<{ t: number | null }>("SELECT min(due_at) AS t FROM pending_emails").one().t;
  }

  async sendDue(now: number, db: Db, recipientId: string | null, owed: EmailStillOwed): Promise<void> {
    const due = this.sql.exec<PendingEmail>("SELECT * FROM pending_emails WHERE due_at <= ?", now).toArray();
    for (const email of due) {
      this.sql.exec("DELETE FROM pending_emails WHERE pair_id = ?", email.pair_id);
      if (!recipientId || !owed.unread(email.contact_id) || !owed.away()) continue;
      const [recipient] = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, recipientId))
        .limit(1);
      if (!recipient) continue;
      const { brandName, appUrl } = getConfig().public;
      const [crisisHelp, language] = await Promise.all([
        recipientCrisisHelp(recipientId, null),
        recipientLanguage(recipientId),
      ]);
      await sendEmail({
        to: recipient.email,
        language,
        template: NEW_MESSAGE_TEMPLATE,
        compose: () => ({
          subject: newMessageSubject(email.contact_name, brandName),
          element: createElement(NewMessageEmail, {
            brandName,
            crisisHelp,
            toName: recipient.username,
            fromName: email.contact_name,
            message: email.preview,
            appUrl: new URL(`/chat/${encodeURIComponent(email.contact_id)}`, appUrl).toString(),
          }),
        }),
      });
      this.sql.exec("INSERT OR REPLACE INTO sent_emails (pair_id, sent_at) VALUES (?, ?)", email.pair_id, now);
    }
  }
}
