import { Hono } from "hono";
import { markOffline } from "../auth/presence";
import { forceLogout, getAuth, getSignedInUser, recordActivity } from "../auth/session";
import { createDb } from "../db/client";
import { type ApiEnv, sameOrigin, signedIn } from "./signed-in";

/** The browser's side of the inactivity rules and presence (spec section 4). */
export const sessionRoutes = new Hono<ApiEnv>()
  .use(sameOrigin)
  // The throttled activity heartbeat; the answer lets the browser resync its clock to the record.
  .post("/activity", signedIn, async (c) => {
    const lastActivity = await recordActivity(c.get("user").id);
    return c.json({ lastActivity });
  })
  // The browser's timer reached 10 minutes: end the sessions and record the forced logout.
  .post("/expire", async (c) => {
    const session = await getAuth().api.getSession({ headers: c.req.raw.headers });
    if (session) await forceLogout(createDb(c.env.DB), session.user.id);
    return c.json({ ok: true });
  })
  // Page unload (sendBeacon): offline with lastSeen; the session itself stays.
  .post("/offline", async (c) => {
    const user = await getSignedInUser(c.req.raw);
    if (user) await markOffline(createDb(c.env.DB), user.id);
    return c.body(null, 204);
  });
