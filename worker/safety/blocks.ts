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
 * Who may reach whom. The rule: a block either way closes a conversation for
 * both members — the blocked person cannot open or send in it, and the blocker reopens it only by
 * unblocking. The Worker's socket gate, loaders and search ask D1 here; the ChatRoom and UserInbox
 * keep their own copy, written by `blockUser`/`unblockUser`, so the message path never reads D1.
 */
type BlockState = "none" | "blocked-by-me" | "blocked-me";

export class BlockError extends Error {}

/** How things stand between the signed-in person and another: who blocked whom (mine first). */
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

/** Whether a conversation between the two is closed by a block, either way. */
export async function isConversationClosed(a: string, b: string): Promise<boolean> {
  return (await blockStateBetween(a, b)) !== "none";
}

/**
 * `blockerId` blocks `blockedId`: recorded in D1, then in the conversation's room (which closes the
 * pair's open sockets) and the blocker's inbox (which forgets the conversation and any email owed).
 * Idempotent, so a retry after a failure part-way completes it. The support account cannot be
 * blocked: it is the help line.
 */
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

/** Lifts a block: the conversation opens again (for both, unless the other blocked too). */
export async function unblockUser(blockerId: string, blockedId: string): Promise<{ username: string } | null> {
  const username = await usernameOf(blockedId);
  // Nobody by that id (a mistyped or forged form): nothing to lift, and no room is woken.
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

/** The people someone blocked, by username: the 'Blocked people' section. */
export function listBlockedPeople(blockerId: string): Promise<BlockedPerson[]> {
  return createDb(env.DB)
    .select({ id: users.id, username: users.username, profilePic: users.profilePic, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(asc(users.username));
}
