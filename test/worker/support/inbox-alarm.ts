import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { setSocketAttachment, socketAttachment } from "../../../worker/sockets/socket-attachment";

/**
 * The new-message email's timing, stated here rather than imported so the tests check the rule
 * itself: due a minute after the message, and at most one per conversation every 10 minutes.
 */
export const EMAIL_GRACE_MS = 60_000;
export const EMAIL_WINDOW_MS = 10 * 60_000;

/**
 * Runs a user's inbox alarm, its one real entrance for timed duties, as if `ms` had passed for
 * them: the emails it owes and has sent are moved that much earlier, and its sockets' last signs of
 * life too (the test's sockets never ping). The idle deadline stays, so the session lives on.
 * Answers whether an alarm was set, and so ran.
 */
export async function runInboxAlarmAfter(userId: string, ms: number): Promise<boolean> {
  const inbox = env.USER_INBOX.getByName(userId);
  await runInDurableObject(inbox, (_inbox, state) => {
    state.storage.sql.exec("UPDATE pending_emails SET due_at = due_at - ?", ms);
    state.storage.sql.exec("UPDATE sent_emails SET sent_at = sent_at - ?", ms);
    for (const ws of state.getWebSockets()) {
      const attachment = socketAttachment<{ connectedAt?: number }>(ws);
      if (attachment?.connectedAt) setSocketAttachment(ws, { ...attachment, connectedAt: attachment.connectedAt - ms });
    }
  });
  return runDurableObjectAlarm(inbox);
}
