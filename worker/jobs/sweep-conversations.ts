import { env } from "cloudflare:workers";
import { asc, lt } from "drizzle-orm";
import { MESSAGE_RETENTION_MS } from "../chat/message-retention";
import { createDb } from "../db/client";
import { chats } from "../db/schema";
import { chatRoom } from "../objects/room-service";

/** Oldest-checked first, so every room comes round. */
const SWEEP_BATCH = 100;

/** A backstop for the rooms' own alarms. */
export async function sweepIdleConversations(
  now: number,
): Promise<{ rooms: number; messages: number; images: number }> {
  const stale = await createDb(env.DB)
    .select({ pairId: chats.pairId })
    .from(chats)
    .where(lt(chats.updatedAt, new Date(now - MESSAGE_RETENTION_MS)))
    .orderBy(asc(chats.updatedAt))
    .limit(SWEEP_BATCH);
  let messages = 0;
  let images = 0;
  for (const { pairId } of stale) {
    const purged = await chatRoom(pairId).purgeExpired(now);
    messages += purged.messages;
    images += purged.images;
  }
  return { rooms: stale.length, messages, images };
}
