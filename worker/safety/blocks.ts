import { env } from "cloudflare:workers";
import { and, asc, eq, or } from "drizzle-orm";
import { pairIdFor } from "~/shared/pair-id";
import { BLOCK_TEXTS } from "~/shared/safety";
import { usernameOf } from "../accounts/find-user";
import { getConfig } from "../config";
import { createDb } from "../db/client";
import { blocks, users } from "../db/schema";
import { userInbox } from "../objects/inbox-service";
import { chatRoom } from "../objects/room-service";

/**
 * A block either way closes a conversation for both. D1 answers the gate, loaders and search; the
 * ChatRoom and UserInbox keep their own copies, so the message path never reads D1.
 */
type BlockState = "none" | "blocked-by-me" | "blocked-me";

export class BlockError extends Error {}

export async function blockStateBetween(meId: string, otherId: string): Promise<BlockState> {
  const rows = await createDb(env.DB)
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, meId), eq(blocks.blockedId, otherId)),
        and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, meId)),
      ),
    );
  if (rows.some((row) => row.blockerId === meId)) return "blocked-by-me";
  return rows.length > 0 ? "blocked-me" : "none";
}

export async function isConversationClosed(a: string, b: string): Promise<boolean> {
  return (await blockStateBetween(a, b)) !== "none";
}

/** Idempotent, so a retry completes a half-done block. The support account cannot be blocked: it is the help line. */
export async function blockUser(blockerId: string, blockedId: string): Promise<{ username: string }> {
  if (blockerId === blockedId) throw new BlockError(BLOCK_TEXTS.cannotBlockYourself);
  if (blockedId === getConfig().public.supportUserId) throw new BlockError(BLOCK_TEXTS.cannotBlockSupport);
  const username = await usernameOf(blockedId);
  if (username === null) throw new BlockError(BLOCK_TEXTS.unknownPerson);
  const db = createDb(env.DB);
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
  await Promise.all([
    chatRoom(pairIdFor(blockerId, blockedId)).setBlocked(blockerId, blockedId, true),
    userInbox(blockerId).setBlocked(blockedId, true),
  ]);
  return { username };
}

export async function unblockUser(blockerId: string, blockedId: string): Promise<{ username: string } | null> {
  const username = await usernameOf(blockedId);
  // A mistyped or forged id: nothing to lift, and no room is woken.
  if (username === null || blockerId === blockedId) return null;
  const db = createDb(env.DB);
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  await Promise.all([
    chatRoom(pairIdFor(blockerId, blockedId)).setBlocked(blockerId, blockedId, false),
    userInbox(blockerId).setBlocked(blockedId, false),
  ]);
  return { username };
}

type BlockedPerson = { id: string; username: string; profilePic: string | null; blockedAt: Date };

export function listBlockedPeople(blockerId: string): Promise<BlockedPerson[]> {
  return createDb(env.DB)
    .select({ id: users.id, username: users.username, profilePic: users.profilePic, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(asc(users.username));
}
