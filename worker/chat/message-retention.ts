import { eq } from "drizzle-orm";
import { POLICY } from "~/shared/legal";
import { createDb } from "../db/client";
import { chats } from "../db/schema";
import { userInbox } from "../objects/inbox-service";
import { conversationImageKey } from "./conversation-images";
import type { MessageLog } from "./message-log";
import type { RoomMembers } from "./room-members";

export const MESSAGE_RETENTION_MS = POLICY.messageRetentionDays * 24 * 60 * 60 * 1000;

export function retentionDue(log: MessageLog): number | null {
  const oldest = log.oldestMessageAt();
  return oldest === null ? null : oldest + MESSAGE_RETENTION_MS;
}

/**
 * Both inboxes are told, so a summary never shows a deleted message; the registry row is stamped so
 * the cron's sweep passes the room by. Idempotent: alarms can fire twice.
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
