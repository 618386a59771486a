import { useEffect, useRef, useState } from "react";
import { leaveIfSessionEnded } from "~/lib/session-leaving";
import { startSocketTransport } from "~/lib/socket-transport";
import {
  DESK_PAGE_PING_MS,
  type DeskClientFrame,
  type DeskNote,
  type DeskServerFrame,
  DeskServerFrameSchema,
  type DeskSnapshot,
} from "~/shared/desk";
import { CLOSE_CODES, SOCKET_PATHS, socketUrl } from "~/shared/socket-protocol";

/** Whether the desk is being kept up to date right now. */
export type DeskConnection = "connecting" | "live" | "reconnecting";

/**
 * The support desk's socket (/api/desk/ws): the server sends the listener's whole desk
 * when it opens and after every change, so the page shows the newest one without reloading. The
 * socket only listens (the desk's writes are the page's forms), but its pings prove the listener is
 * at the desk (conversations are offered only while a page of theirs keeps one open), and it
 * answers the desk's probe before each conversation is given to them. Connecting,
 * reconnecting with backoff, pings and frame validation are the shared transport's
 * (app/lib/socket-transport.ts).
 *
 * `loaded` is the desk as the page's loader last read it: after one of the page's own forms it is
 * newer than any frame received before, so it is shown until the next frame. `whispers`: the
 * supervisor's messages on the listener's conversations that arrived while the page was open.
 */
export function useDeskSocket(loaded: DeskSnapshot): {
  desk: DeskSnapshot;
  connection: DeskConnection;
  whispers: { pairId: string; note: DeskNote }[];
} {
  const [live, setLive] = useState<{ desk: DeskSnapshot; over: DeskSnapshot } | null>(null);
  const [whispers, setWhispers] = useState<{ pairId: string; note: DeskNote }[]>([]);
  const [connection, setConnection] = useState<DeskConnection>("connecting");
  // A frame's desk replaces the loader's that was on screen when it came, not a newer one.
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;

  useEffect(() => {
    const transport = startSocketTransport<DeskServerFrame, DeskClientFrame>({
      url: socketUrl(SOCKET_PATHS.desk),
      schema: DeskServerFrameSchema,
      // The pings are the page's proof that the listener is there: without them, no conversations.
      pingEveryMs: DESK_PAGE_PING_MS,
      onOpen: () => setConnection("live"),
      onFrame: (frame) => {
        if (frame.type === "desk-state") setLive({ desk: frame.desk, over: loadedRef.current });
        else if (frame.type === "whisper") setWhispers((all) => [...all, { pairId: frame.pairId, note: frame.note }]);
        // Answered at once, hidden or not: a conversation is given to this listener only on an answer.
        else if (frame.type === "probe") transport.send({ type: "probe-answer", nonce: frame.nonce });
        else console.warn("The desk socket refused something", frame.message);
      },
      onRetrying: () => setConnection("reconnecting"),
      // The admin took the listener role away: the page asks again and gets the not-found answer.
      finalCloseCodes: [CLOSE_CODES.withdrawn],
      onFinalClose: (close) => {
        if (!leaveIfSessionEnded(close)) window.location.reload();
      },
    });
    // Back online, the desk should not wait for the backoff.
    const cameOnline = () => transport.reconnectNow();
    window.addEventListener("online", cameOnline);
    return () => {
      window.removeEventListener("online", cameOnline);
      transport.stop();
    };
  }, []);
  return { desk: live && live.over === loaded ? live.desk : loaded, connection, whispers };
}
