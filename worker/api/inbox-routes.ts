import { Hono } from "hono";
import { userInbox } from "../objects/inbox-service";
import type { ApiEnv } from "./signed-in";
import { authorizeSocketUpgrade } from "./socket-upgrade";

/**
 * GET /api/inbox/ws: the signed-in user's app-wide socket (badge, recent chats, new-message events,
 * presence). Origin and session are checked before the upgrade; the user id comes from the session.
 */
export const inboxRoutes = new Hono<ApiEnv>().get("/ws", async (c) => {
  const { session, headers, refusal } = await authorizeSocketUpgrade(c);
  if (refusal) return refusal;
  return userInbox(session.user.id).fetch(new Request(c.req.url, { headers }));
});
