import { getSignedInSession } from "../auth/session";
import { supportDesk } from "../objects/desk-service";
import { userInbox } from "../objects/inbox-service";
import { DESK_SOCKET_ROOM } from "../sockets/desk-upgrade-headers";
import type { DeskActor } from "./support-desk";

/**
 * Going available, the inbox remembers to tell the desk when this session ends, so a listener without a desk socket
 * (no JavaScript) who signs out is away too. Answers false when the session has already ended.
 */
export async function setDeskAvailability(request: Request, actor: DeskActor, available: boolean): Promise<boolean> {
  if (available) {
    const session = await getSignedInSession(request);
    if (!session || session.user.id !== actor.id) return false;
    const { sessionId, idleDeadline, startedAt } = session;
    if (await userInbox(actor.id).admitSocket(DESK_SOCKET_ROOM, { sessionId, idleDeadline, startedAt })) return false;
  }
  await supportDesk().setAvailability(actor, available);
  return true;
}
