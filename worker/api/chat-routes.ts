import { inArray } from "drizzle-orm";
import { Hono } from "hono";
import { parsePairId } from "~/shared/pair-id";
import { CHAT_MESSAGES } from "~/shared/schemas/chat-protocol";
import { registerConversation } from "../chat/conversation-registry";
import { setRoomUpgradeHeaders } from "../chat/room-upgrade-headers";
import { getConfig } from "../config";
import { requestCountry } from "../crisis-help/visitor-help";
import { createDb } from "../db/client";
import { users } from "../db/schema";
import { requestLanguage } from "../i18n/visitor-language";
import { chatRoom } from "../objects/room-service";
import { isConversationClosed } from "../safety/blocks";
import type { ApiEnv } from "./signed-in";
import { authorizeSocketUpgrade } from "./socket-upgrade";

/**
 * Checked before the upgrade: Origin (cross-site WebSocket hijacking), session, canonical pair id with
 * the user in it. A closed conversation still opens, read-only. The room trusts only the headers set here.
 */
export const chatRoutes = new Hono<ApiEnv>().get("/:pairId/ws", async (c) => {
  const { session, headers, refusal } = await authorizeSocketUpgrade(c);
  if (refusal) return refusal;
  const { user } = session;

  const pairId = c.req.param("pairId");
  const members = parsePairId(pairId);
  if (!members?.includes(user.id)) {
    return c.json({ code: "not_a_member", message: CHAT_MESSAGES.notAMember }, 403);
  }
  const db = createDb(c.env.DB);
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, members));
  if (found.length !== 2) return c.json({ code: "not_a_member", message: "This conversation does not exist." }, 403);
  // The room hears D1's answer too, in case its own copy of the blocks is behind.
  const [userA, userB] = members;
  const closedAtGate = await isConversationClosed(userA, userB);
  if (!closedAtGate) {
    // A closed one can get no new message, so it needs no row.
    await registerConversation(pairId);
  }

  // The desk shows the visitor's country and offers the conversation first to someone who speaks their language.
  const support = members.includes(getConfig().public.supportUserId);
  const visitorCountry = support ? ((await requestCountry(c.req.raw, user.id)) ?? undefined) : undefined;
  const visitorLanguage = support ? await requestLanguage(c.req.raw, user.id) : undefined;
  setRoomUpgradeHeaders(headers, { userName: user.username, pairId, closedAtGate, visitorCountry, visitorLanguage });
  return chatRoom(pairId).fetch(new Request(c.req.url, { headers }));
});
