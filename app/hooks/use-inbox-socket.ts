import { useEffect, useRef } from "react";
import { activityAnswered, activitySocketOpened, setActivitySocket } from "~/lib/activity-heartbeat";
import { setHeldConversations } from "~/lib/held-store";
import { setInboxState } from "~/lib/inbox-store";
import type { IncomingMessage } from "~/lib/incoming-message-alert";
import { leaveIfSessionEnded } from "~/lib/session-leaving";
import { type SocketTransport, startSocketTransport } from "~/lib/socket-transport";
import type { InboxClientFrame, InboxFrame } from "~/shared/schemas/inbox-protocol";
import { SOCKET_PATHS, socketUrl } from "~/shared/socket-protocol";

/**
 * The signed-in user's app-wide socket (/api/inbox/ws): live badge count and conversation list on
 * every page, new-message events (each acknowledged as delivered), presence (the server counts
 * the user online while one is open), the activity heartbeat and, for a listener, the support
 * conversations they hold (app/lib/held-store.ts). Connecting, reconnecting, pings and frame validation are the
 * shared transport's (app/lib/socket-transport.ts).
 */
export function useInboxSocket(enabled: boolean, onNewMessage?: (message: IncomingMessage) => void) {
  const onNewMessageRef = useRef(onNewMessage);
  onNewMessageRef.current = onNewMessage;
  useEffect(() => {
    if (!enabled) return;
    let unmounted = false;
    let transport: SocketTransport<InboxClientFrame> | null = null;
    // The schema (and zod with it) loads when the socket starts, apart from the header's chunk: the
    // signed-in header shows without waiting for zod, and zod cannot slip into a signed-out page's
    // scripts (the landing page's budget).
    import("~/shared/schemas/inbox-protocol").then(
      ({ InboxFrameSchema }) => {
        if (unmounted) return;
        transport = startSocketTransport<InboxFrame, InboxClientFrame>({
          url: socketUrl(SOCKET_PATHS.inbox),
          schema: InboxFrameSchema,
          // The activity heartbeat rides on this socket, its first frame as it opens.
          onOpen: activitySocketOpened,
          onFrame: (frame) => {
            if (frame.type === "inbox") setInboxState({ unread: frame.unread, chats: frame.chats });
            if (frame.type === "activity") activityAnswered(frame);
            if (frame.type === "held") setHeldConversations(frame.conversations);
            if (frame.type === "new-message") {
              transport?.send({ type: "delivered", pairId: frame.pairId, seq: frame.seq });
              onNewMessageRef.current?.(frame);
            }
          },
          onFinalClose: leaveIfSessionEnded,
        });
        setActivitySocket((idleMs) => transport?.send({ type: "activity", idleMs }) ?? false);
      },
      (error: unknown) => {
        // A chunk that failed to load (a deploy replaced it): the page keeps its loader's data.
        console.warn("The inbox socket could not start", error);
      },
    );
    // Back online, the badge and presence should not wait for the backoff.
    const cameOnline = () => transport?.reconnectNow();
    window.addEventListener("online", cameOnline);
    return () => {
      unmounted = true;
      window.removeEventListener("online", cameOnline);
      setActivitySocket(null);
      transport?.stop();
    };
  }, [enabled]);
}
