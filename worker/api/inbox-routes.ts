import { Hono } from "hono";
import { userInbox } from "../objects/inbox-service";
import type { ApiEnv } from "./signed-in";
import { authorizeSocketUpgrade } from "./socket-upgrade";

/** The user id comes from the session, checked before the upgrade. */
export const inboxRoutes = new Hono<ApiEnv>().get("/ws", async (c) => {
  const { session, headers, refusal } = await authorizeSocketUpgrade(c);
  if (refusal) return refusal;
  return userInbox(session.user.id).fetch(new Request(c.req.url, { headers }));
});
