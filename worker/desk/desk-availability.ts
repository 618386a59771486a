import { getSignedInSession } from "../auth/session";
import { supportDesk } from "../objects/desk-service";
import { userInbox } from "../objects/inbox-service";
import { DESK_SOCKET_ROOM } from "../sockets/desk-upgrade-headers";
import type { DeskActor } from "./support-desk";

/**
 * 'Available' / 'Away' from the desk's form. Going available, the listener's inbox remembers that
 * the desk must hear when this session ends, as it does for a desk socket: a listener who marked
 * themselves available on a page without its socket (no JavaScript) and then signs out, or is
 * signed out for inactivity, is away too, and gets no more conversations. Answers false when the
 * request's session has already ended (nothing changes).
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
