import { eq } from "drizzle-orm";
import { POLICY } from "~/shared/legal";
import { createDb } from "../db/client";
import { chats } from "../db/schema";
import { userInbox } from "../objects/inbox-service";
import { conversationImageKey } from "./conversation-images";
import type { MessageLog } from "./message-log";
import type { RoomMembers } from "./room-members";

/** Messages (and their images) are deleted after this long (stated policy, spec section 9). */
export const MESSAGE_RETENTION_MS = POLICY.messageRetentionDays * 24 * 60 * 60 * 1000;

/** When the purge is next due (the oldest message's expiry), or null with no messages. */
export function retentionDue(log: MessageLog): number | null {
  const oldest = log.oldestMessageAt();
  return oldest === null ? null : oldest + MESSAGE_RETENTION_MS;
}

/**
 * Deletes the messages older than the retention limit with their images, and tells both inboxes so
 * a summary never shows a deleted message. The conversation's registry row in D1 is stamped, so the
 * cron's sweep (worker/jobs/sweep-conversations.ts) passes the room by until a retention period has
 * gone by again. Idempotent: alarms can fire twice, and the sweep calls it for rooms whose alarm did
 * not run.
 */
export async function purgeExpired(
  room: { log: MessageLog; members: RoomMembers; env: Env },
  now: number,
): Promise<{ messages: number; images: number }> {
  const { log, members, env } = room;
  const pairId = members.pairId();
  const expired = log.olderThan(now - MESSAGE_RETENTION_MS);
  const images = expired.flatMap((m) => {
    const key = m.imageUrl ? conversationImageKey(pairId, m.imageUrl) : null;
    return key ? [key] : [];
  });
  if (images.length > 0) await env.IMAGES.delete(images);
  const upToSeq = expired.at(-1)?.seq;
  if (upToSeq !== undefined) {
    log.deleteUpTo(upToSeq);
    const pair = members.members();
    if (pair) {
      await Promise.all(
        pair.map((member) => userInbox(member).forgetMessagesUpTo(members.other(member) ?? member, upToSeq)),
      );
    }
  }
  if (pairId)
    await createDb(env.DB)
      .update(chats)
      .set({ updatedAt: new Date(now) })
      .where(eq(chats.pairId, pairId));
  return { messages: expired.length, images: images.length };
}
