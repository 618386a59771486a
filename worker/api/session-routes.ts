import { Hono } from "hono";
import { z } from "zod";
import { ActivityIdleMsSchema } from "~/shared/schemas/inbox-protocol";
import { forceLogout, getSignedInSession, recordActivity } from "../auth/session";
import { createDb } from "../db/client";
import { readJsonBody } from "./json-body";
import { type ApiEnv, sameOrigin, signedIn } from "./signed-in";

const ActivityBodySchema = z.object({ idleMs: z._default(ActivityIdleMsSchema, 0) });

/** The browser's side of the inactivity rules (spec section 4); presence is the inbox sockets'. */
export const sessionRoutes = new Hono<ApiEnv>()
  .use(sameOrigin)
  // The throttled activity heartbeat while the page has no inbox socket open (a network that
  // refuses WebSockets must not sign an active person out); with one open it is a frame on that
  // socket. The answer carries the server's clock too, so the browser can compare the
  // stored time with its own in its own clock frame (clocks differ between devices).
  .post("/activity", signedIn, async (c) => {
    const body = await readJsonBody(c, ActivityBodySchema, "Send how long ago the last activity was.");
    if (!body.ok) return body.response;
    const now = Date.now();
    const lastActivity = await recordActivity(c.get("user").id, body.data.idleMs, now);
    return c.json({ lastActivity, serverNow: now });
  })
  // The browser's timer reached 10 minutes: end the sessions and record the forced logout. Only a
  // session that still lives may do that (a copied cookie of an ended one, still in the session
  // cache, must not sign its owner out elsewhere); one the inbox found idle is logged out already.
  .post("/expire", async (c) => {
    const session = await getSignedInSession(c.req.raw);
    if (session) await forceLogout(createDb(c.env.DB), session.user.id);
    return c.json({ ok: true });
  });
