import { useEffect, useRef } from "react";
import { setInboxState } from "~/lib/inbox-store";
import type { IncomingMessage } from "~/lib/incoming-message-alert";
import { leaveIfSessionEnded } from "~/lib/session-end";
import type { InboxClientFrame, InboxFrame } from "~/schemas/inbox-protocol";

const PING_EVERY_MS = 25_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * The signed-in user's app-wide socket (/api/inbox/ws): live badge count and conversation list on
 * every page, new-message events (each acknowledged as delivered), and presence (the server counts
 * the user online while one is open). Reconnects with backoff; pings keep it alive and let the
 * server notice a vanished device.
 */
export function useInboxSocket(enabled: boolean, onNewMessage?: (message: IncomingMessage) => void) {
  const onNewMessageRef = useRef(onNewMessage);
  onNewMessageRef.current = onNewMessage;
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let attempt = 0;
    let retryTimer: number | undefined;
    let pingTimer: number | undefined;
    let socket: WebSocket | null = null;

    const open = () => {
      socket = new WebSocket(`${window.location.origin.replace(/^http/, "ws")}/api/inbox/ws`);
      socket.addEventListener("open", () => {
        attempt = 0;
        pingTimer = window.setInterval(
          () => socket?.readyState === WebSocket.OPEN && socket.send("ping"),
          PING_EVERY_MS,
        );
      });
      socket.addEventListener("message", (event) => {
        if (event.data === "pong") return;
        const frame = JSON.parse(event.data as string) as InboxFrame;
        if (frame.type === "inbox") setInboxState({ unread: frame.unread, chats: frame.chats });
        if (frame.type === "new-message") {
          const receipt: InboxClientFrame = { type: "delivered", pairId: frame.pairId, seq: frame.seq };
          socket?.send(JSON.stringify(receipt));
          onNewMessageRef.current?.(frame);
        }
      });
      socket.addEventListener("close", (event) => {
        window.clearInterval(pingTimer);
        if (stopped || leaveIfSessionEnded(event)) return;
        retryTimer = window.setTimeout(open, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt++));
      });
    };

    open();
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      window.clearInterval(pingTimer);
      socket?.close(1000, "leaving");
    };
  }, [enabled]);
}
