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

/** The desk's existence is not theirs to know. */
const notFound = (c: { json: (body: object, status: 404) => Response }) =>
  c.json({ code: "not_found", message: "No such API endpoint." }, 404);

/** Listeners and the admin only, checked before the upgrade like every socket (worker/api/socket-upgrade.ts). */
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
    // The desk counts the holder's socket as the opening (one call).
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
