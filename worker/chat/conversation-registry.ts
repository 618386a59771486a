import { env } from "cloudflare:workers";
import { parsePairId } from "~/shared/pair-id";
import { createDb } from "../db/client";
import { chats } from "../db/schema";

/**
 * Opening a conversation creates its registry row if missing (spec section 4): the chats table the
 * sweeps and the admin read. Asked when a member's socket opens and when a page's form sends into it
 *; a row that exists is left as it is.
 */
export async function registerConversation(pairId: string): Promise<void> {
  const members = parsePairId(pairId);
  if (!members) throw new Error(`not a pair id: ${pairId}`);
  const [userA, userB] = members;
  await createDb(env.DB).insert(chats).values({ pairId, userA, userB }).onConflictDoNothing();
}
