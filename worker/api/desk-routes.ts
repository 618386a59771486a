import { Hono } from "hono";
import { DESK_TEXTS } from "~/shared/desk";
import { usernameOf } from "../accounts/find-user";
import { setRoomUpgradeHeaders } from "../chat/room-upgrade-headers";
import { getConfig } from "../config";
import { deskActorOf, deskReach } from "../desk/desk-conversation";
import { supportDesk } from "../objects/desk-service";
import { chatRoom } from "../objects/room-service";
import { setDeskUpgradeHeaders } from "../sockets/desk-upgrade-headers";
import type { ApiEnv } from "./signed-in";
import { authorizeSocketUpgrade } from "./socket-upgrade";

/** Anyone who may not use the desk hears that nothing is here (the desk's existence is not theirs). */
const notFound = (c: { json: (body: object, status: 404) => Response }) =>
  c.json({ code: "not_found", message: "No such API endpoint." }, 404);

/**
 * The support desk's sockets, for listeners and the admin only, checked here before the
 * upgrade like every socket (worker/api/socket-upgrade.ts):
 * - GET /api/desk/ws: the desk itself, which sends each change;
 * - GET /api/desk/conversations/:visitorId/ws: a support conversation's room, in which a listener
 *   writes as the support account, if it is theirs, waiting in the queue, or the admin's to watch.
 */
export const deskRoutes = new Hono<ApiEnv>()
  .get("/ws", async (c) => {
    const { session, headers, refusal } = await authorizeSocketUpgrade(c);
    if (refusal) return refusal;
    const actor = await deskActorOf(session.user);
    if (!actor) return notFound(c);
    setDeskUpgradeHeaders(headers, {
      userName: actor.name,
      admin: actor.admin,
      alias: actor.alias ?? null,
      languages: actor.languages ?? [],
    });
    return supportDesk().fetch(new Request(c.req.url, { headers }));
  })
  .get("/conversations/:visitorId/ws", async (c) => {
    const { session, headers, refusal } = await authorizeSocketUpgrade(c);
    if (refusal) return refusal;
    // Its holder's socket opens the conversation: the desk counts that as it answers (one call).
    const reach = await deskReach(session.user, c.req.param("visitorId"), { opening: true });
    if (!reach) {
      if (await deskActorOf(session.user))
        return c.json({ code: "not_assigned", message: DESK_TEXTS.notAssigned }, 403);
      return notFound(c);
    }
    const supportName = (await usernameOf(getConfig().public.supportUserId)) ?? "";
    setRoomUpgradeHeaders(headers, {
      userName: supportName,
      pairId: reach.pairId,
      closedAtGate: false,
      deskRole: reach.actor.admin ? "admin" : "listener",
      deskOpened: reach.access === "assigned",
    });
    return chatRoom(reach.pairId).fetch(new Request(c.req.url, { headers }));
  });
