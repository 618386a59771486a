import { env } from "cloudflare:workers";
import { parsePairId } from "~/shared/pair-id";
import { createDb } from "../db/client";
import { chats } from "../db/schema";

/** The chats table the sweeps and the admin read (spec section 4); an existing row is left as it is. */
export async function registerConversation(pairId: string): Promise<void> {
  const members = parsePairId(pairId);
  if (!members) throw new Error(`not a pair id: ${pairId}`);
  const [userA, userB] = members;
  await createDb(env.DB).insert(chats).values({ pairId, userA, userB }).onConflictDoNothing();
}
