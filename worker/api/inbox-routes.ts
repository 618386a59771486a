import { Hono } from "hono";
import { getSignedInUser } from "../auth/session";
import { getConfig } from "../config";
import { INBOX_USER_HEADER } from "../inbox/user-inbox";
import type { ApiEnv } from "./signed-in";

/**
 * GET /api/inbox/ws: the signed-in user's app-wide socket (badge, recent chats, new-message events,
 * presence). Origin and session are checked before the upgrade; the user id comes from the session.
 */
export const inboxRoutes = new Hono<ApiEnv>().get("/ws", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ code: "upgrade_required", message: "Connect with a WebSocket." }, 426);
  }
  const origin = c.req.header("origin");
  if (!origin || !getConfig().auth.trustedOrigins.includes(origin)) {
    return c.json({ code: "forbidden_origin", message: "This connection did not come from the app." }, 403);
  }
  const user = await getSignedInUser(c.req.raw);
  if (!user) return c.json({ code: "unauthorized", message: "Please sign in again." }, 401);
  const headers = new Headers({ Upgrade: "websocket", [INBOX_USER_HEADER]: user.id });
  return c.env.USER_INBOX.getByName(user.id).fetch(new Request(c.req.url, { headers }));
});
