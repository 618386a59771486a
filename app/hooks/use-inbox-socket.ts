import { useEffect, useRef } from "react";
import { activityAnswered, activitySocketOpened, setActivitySocket } from "~/lib/activity-heartbeat";
import { setHeldConversations } from "~/lib/held-store";
import { setInboxState } from "~/lib/inbox-store";
import type { IncomingMessage } from "~/lib/incoming-message-alert";
import { leaveIfSessionEnded } from "~/lib/session-leaving";
import { type SocketTransport, startSocketTransport } from "~/lib/socket-transport";
import type { InboxClientFrame, InboxFrame } from "~/shared/schemas/inbox-protocol";
import { SOCKET_PATHS, socketUrl } from "~/shared/socket-protocol";

/** The server counts the user online while one is open. */
export function useInboxSocket(enabled: boolean, onNewMessage?: (message: IncomingMessage) => void) {
  const onNewMessageRef = useRef(onNewMessage);
  onNewMessageRef.current = onNewMessage;
  useEffect(() => {
    if (!enabled) return;
    let unmounted = false;
    let transport: SocketTransport<InboxClientFrame> | null = null;
    // Loaded apart from the header's chunk, so zod cannot slip into a signed-out page's scripts.
    import("~/shared/schemas/inbox-protocol").then(
      ({ InboxFrameSchema }) => {
        if (unmounted) return;
        transport = startSocketTransport<InboxFrame, InboxClientFrame>({
          url: socketUrl(SOCKET_PATHS.inbox),
          schema: InboxFrameSchema,
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
        // A chunk replaced by a deploy: the page keeps its loader's data.
        console.warn("The inbox socket could not start", error);
      },
    );
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
