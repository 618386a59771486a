import { Hono } from "hono";
import { z } from "zod";
import { ActivityIdleMsSchema } from "~/shared/schemas/inbox-protocol";
import { forceLogout, getSignedInSession, recordActivity } from "../auth/session";
import { createDb } from "../db/client";
import { readJsonBody } from "./json-body";
import { type ApiEnv, sameOrigin, signedIn } from "./signed-in";

const ActivityBodySchema = z.object({ idleMs: z._default(ActivityIdleMsSchema, 0) });

/** Spec section 4; presence is the inbox sockets'. */
export const sessionRoutes = new Hono<ApiEnv>()
  .use(sameOrigin)
  // Only while no inbox socket is open: a network that refuses WebSockets must not sign an active
  // person out. The server's clock comes back too, since clocks differ between devices.
  .post("/activity", signedIn, async (c) => {
    const body = await readJsonBody(c, ActivityBodySchema, "Send how long ago the last activity was.");
    if (!body.ok) return body.response;
    const now = Date.now();
    const lastActivity = await recordActivity(c.get("user").id, body.data.idleMs, now);
    return c.json({ lastActivity, serverNow: now });
  })
  // Only a live session may end sessions: a copied cookie of an ended one must not sign its owner out elsewhere.
  .post("/expire", async (c) => {
    const session = await getSignedInSession(c.req.raw);
    if (session) await forceLogout(createDb(c.env.DB), session.user.id);
    return c.json({ ok: true });
  });
