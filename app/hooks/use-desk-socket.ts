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

export type DeskConnection = "connecting" | "live" | "reconnecting";

/**
 * The desk's writes are the page's forms; this socket's pings prove the listener is there and it
 * answers the desk's probe. `loaded` after one of the page's own forms is newer than earlier frames.
 */
export function useDeskSocket(loaded: DeskSnapshot): {
  desk: DeskSnapshot;
  connection: DeskConnection;
  whispers: { pairId: string; note: DeskNote }[];
} {
  const [live, setLive] = useState<{ desk: DeskSnapshot; over: DeskSnapshot } | null>(null);
  const [whispers, setWhispers] = useState<{ pairId: string; note: DeskNote }[]>([]);
  const [connection, setConnection] = useState<DeskConnection>("connecting");
  // A frame replaces the loader's desk that was on screen when it came, not a newer one.
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;

  useEffect(() => {
    const transport = startSocketTransport<DeskServerFrame, DeskClientFrame>({
      url: socketUrl(SOCKET_PATHS.desk),
      schema: DeskServerFrameSchema,
      // Without them, no conversations.
      pingEveryMs: DESK_PAGE_PING_MS,
      onOpen: () => setConnection("live"),
      onFrame: (frame) => {
        if (frame.type === "desk-state") setLive({ desk: frame.desk, over: loadedRef.current });
        else if (frame.type === "whisper") setWhispers((all) => [...all, { pairId: frame.pairId, note: frame.note }]);
        // Hidden or not: a conversation is given only on an answer.
        else if (frame.type === "probe") transport.send({ type: "probe-answer", nonce: frame.nonce });
        else console.warn("The desk socket refused something", frame.message);
      },
      onRetrying: () => setConnection("reconnecting"),
      // The role was taken away: the page asks again and gets the not-found answer.
      finalCloseCodes: [CLOSE_CODES.withdrawn],
      onFinalClose: (close) => {
        if (!leaveIfSessionEnded(close)) window.location.reload();
      },
    });
    const cameOnline = () => transport.reconnectNow();
    window.addEventListener("online", cameOnline);
    return () => {
      window.removeEventListener("online", cameOnline);
      transport.stop();
    };
  }, []);
  return { desk: live && live.over === loaded ? live.desk : loaded, connection, whispers };
}
