import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";

/**
 * What a conversation's room has stored, read straight from its SQLite: tests reach a Durable
 * Object's internals this way, so the production class carries no methods only tests call.
 */
export function roomRows<T extends Record<string, SqlStorageValue>>(
  pairId: string,
  query: string,
  ...bindings: SqlStorageValue[]
): Promise<T[]> {
  return runInDurableObject(env.CHAT_ROOM.getByName(pairId), (_room, state) =>
    state.storage.sql.exec<T>(query, ...bindings).toArray(),
  );
}

export async function messageCount(pairId: string): Promise<number> {
  const [row] = await roomRows<{ n: number }>(pairId, "SELECT count(*) AS n FROM messages");
  return row?.n ?? 0;
}

/** How far a member has read, and how far their devices have received (0 and 0 before anything). */
export async function readPosition(pairId: string, userId: string): Promise<{ read: number; delivered: number }> {
  const [row] = await roomRows<{ read: number; delivered: number }>(
    pairId,
    "SELECT last_read_seq AS read, last_delivered_seq AS delivered FROM members WHERE user_id = ?",
    userId,
  );
  return row ?? { read: 0, delivered: 0 };
}
