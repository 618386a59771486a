import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  answerOverdue,
  FailedSends,
  type PendingSend,
  sentOverOpenSocket,
  waitingForConnection,
} from "~/lib/pending-sends";
import { leaveIfSessionEnded } from "~/lib/session-leaving";
import { shownMessages } from "~/lib/shown-messages";
import { type SocketTransport, startSocketTransport } from "~/lib/socket-transport";
import type { ConversationView } from "~/shared/conversation-page";
import type { VisitorDeskStatus } from "~/shared/desk";
import {
  CHAT_MESSAGES,
  type ChatMessage,
  type ClientFrame,
  chatRefusalText,
  HISTORY_RETRY_MS,
  type Presence,
  type ServerFrame,
  ServerFrameSchema,
} from "~/shared/schemas/chat-protocol";
import { CLOSE_CODES, SOCKET_PATHS, socketUrl } from "~/shared/socket-protocol";

/** Spec section 4, plus reconnecting: dropped while the network is up, a retry scheduled. */
export type ConnectionState = "unknown" | "online" | "offline" | "reconnecting";

function newestFrom(messages: readonly ChatMessage[], userId: string): number {
  return messages.reduce((max, m) => (m.senderId === userId ? max : Math.max(max, m.seq)), 0);
}

/** A socket the browser keeps open while offline may still deliver, but its silence fails nothing. */
const answerExpected = (written: boolean) => written && navigator.onLine;

const PRESENCE_REFRESH_MS = 30_000;

/**
 * On every (re)connect it asks for what it missed after the last seq held without a gap, so a
 * dropped connection loses and doubles nothing.
 */
export function useChatSocket(options: {
  pairId: string;
  userId: string;
  socketPath?: string;
  initialPresence: Presence | null;
  initialClosed?: boolean;
  initial?: ConversationView;
  onSendFailed: (failed: { text: string; imageUrl: string | null; message: string }) => void;
}) {
  const { pairId, userId } = options;
  const socketPath = options.socketPath ?? SOCKET_PATHS.conversation(pairId);
  const { initial } = options;
  const [contactPresence, setContactPresence] = useState<Presence | null>(options.initialPresence);
  const [messages, setMessages] = useState<ChatMessage[]>(initial?.messages ?? []);
  const [pending, setPending] = useState<PendingSend[]>([]);
  const [otherReadSeq, setOtherReadSeq] = useState(initial?.receipts.readSeq ?? 0);
  const [otherDeliveredSeq, setOtherDeliveredSeq] = useState(initial?.receipts.deliveredSeq ?? 0);
  const [connection, setConnection] = useState<ConnectionState>("unknown");
  const [loaded, setLoaded] = useState(initial !== undefined);
  const [sessionNotice, setSessionNotice] = useState<string | null>(
    initial?.sessionNotice ? CHAT_MESSAGES.sessionNotice : null,
  );
  const [otherTyping, setOtherTyping] = useState(false);
  const [deskStatus, setDeskStatus] = useState<VisitorDeskStatus | null>(initial?.desk ?? null);
  const [withdrawn, setWithdrawn] = useState(false);
  /** The room says so first on a connection; a history that arrives without it means a block was lifted. */
  const [closed, setClosed] = useState(options.initialClosed ?? false);
  const closedOnThisConnectionRef = useRef(false);
  const typingTimerRef = useRef<number | undefined>(undefined);
  const transportRef = useRef<SocketTransport<ClientFrame> | null>(null);
  /** What a (re)connect resumes after; with older messages unrendered, the socket catches up from the start. */
  const syncedThroughRef = useRef(initial && !initial.hasOlder ? (initial.messages.at(-1)?.seq ?? 0) : 0);
  /** Live messages may then be past a gap. */
  const catchingUpRef = useRef(false);
  const heldNewestRef = useRef(initial?.messages.at(-1)?.seq ?? 0);
  const theirNewestRef = useRef(newestFrom(initial?.messages ?? [], userId));
  const pendingRef = useRef<PendingSend[]>([]);
  const failedRef = useRef(new FailedSends());
  const onSendFailedRef = useRef(options.onSendFailed);
  onSendFailedRef.current = options.onSendFailed;

  const setPendingBoth = useCallback((update: (list: PendingSend[]) => PendingSend[]) => {
    pendingRef.current = update(pendingRef.current);
    setPending(pendingRef.current);
  }, []);

  const fail = useCallback(
    (clientId: string, message: string) => {
      const failed = pendingRef.current.find((p) => p.clientId === clientId);
      if (!failed) return;
      setPendingBoth((list) => list.filter((p) => p.clientId !== clientId));
      failedRef.current.remember(failed);
      onSendFailedRef.current({ text: failed.text, imageUrl: failed.imageUrl, message });
    },
    [setPendingBoth],
  );

  const addMessages = useCallback(
    (incoming: ChatMessage[]) => {
      if (incoming.length === 0) return;
      theirNewestRef.current = Math.max(theirNewestRef.current, newestFrom(incoming, userId));
      heldNewestRef.current = incoming.reduce((max, m) => Math.max(max, m.seq), heldNewestRef.current);
      setMessages((current) => {
        const bySeq = new Map(current.map((m) => [m.seq, m]));
        for (const message of incoming) bySeq.set(message.seq, message);
        return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
      });
    },
    [userId],
  );

  useEffect(() => {
    const acknowledge = (received: ChatMessage[]) => {
      const newest = received.reduce((max, m) => (m.senderId === userId ? max : Math.max(max, m.seq)), 0);
      if (newest > 0) transport.send({ type: "delivered", upToSeq: newest });
    };
    // A new message's own frame is its ack, and a resume page may carry one stored before the drop.
    const settle = (received: ChatMessage[]) => {
      const mine = new Set(received.filter((m) => m.senderId === userId).map((m) => m.clientId));
      if (pendingRef.current.some((p) => mine.has(p.clientId))) {
        setPendingBoth((list) => list.filter((p) => !mine.has(p.clientId)));
      }
    };
    let resumeRetryTimer: number | undefined;
    // The room de-duplicates.
    const sendPending = () => {
      const now = Date.now();
      setPendingBoth((list) =>
        list.map((p) =>
          answerExpected(transport.send({ type: "send", clientId: p.clientId, text: p.text, imageUrl: p.imageUrl }))
            ? sentOverOpenSocket(p, now)
            : p,
        ),
      );
    };
    // Fails meanwhile for nobody.
    const waitForConnection = () => setPendingBoth((list) => list.map(waitingForConnection));
    const receive = (frame: ServerFrame) => {
      switch (frame.type) {
        case "ack": {
          const sent = pendingRef.current.find((p) => p.clientId === frame.clientId);
          if (!sent) break;
          const stored: ChatMessage = {
            seq: frame.seq,
            clientId: frame.clientId,
            senderId: userId,
            senderName: "",
            text: sent.text,
            imageUrl: sent.imageUrl,
            timestamp: frame.timestamp,
          };
          addMessages([stored]);
          settle([stored]);
          break;
        }
        case "message":
          if (!catchingUpRef.current) {
            syncedThroughRef.current = Math.max(syncedThroughRef.current, frame.message.seq);
          }
          addMessages([frame.message]);
          settle([frame.message]);
          acknowledge([frame.message]);
          if (frame.message.senderId !== userId) setOtherTyping(false);
          break;
        case "messages": {
          // The last page also covers everything live that arrived meanwhile.
          const pageEnd = frame.messages.at(-1)?.seq ?? 0;
          syncedThroughRef.current = Math.max(syncedThroughRef.current, pageEnd);
          addMessages(frame.messages);
          settle(frame.messages);
          acknowledge(frame.messages);
          if (!closedOnThisConnectionRef.current) setClosed(false);
          if (frame.hasMore) {
            transport.send({ type: "resume", afterSeq: syncedThroughRef.current });
          } else {
            catchingUpRef.current = false;
            syncedThroughRef.current = Math.max(syncedThroughRef.current, heldNewestRef.current);
            setLoaded(true);
          }
          break;
        }
        case "read":
          if (frame.userId !== userId) setOtherReadSeq((seq) => Math.max(seq, frame.upToSeq));
          break;
        case "delivered":
          if (frame.userId !== userId) setOtherDeliveredSeq((seq) => Math.max(seq, frame.upToSeq));
          break;
        case "error":
          if (frame.code === "history_limited" && catchingUpRef.current) {
            window.clearTimeout(resumeRetryTimer);
            resumeRetryTimer = window.setTimeout(
              () => transport.send({ type: "resume", afterSeq: syncedThroughRef.current }),
              HISTORY_RETRY_MS,
            );
          }
          if (frame.code === "blocked") {
            closedOnThisConnectionRef.current = true;
            setClosed(true);
            setOtherTyping(false);
          }
          // A refusal the person can act on is told as the room means it; anything else is a failed send.
          if (frame.clientId)
            fail(
              frame.clientId,
              frame.code === "rate_limited" || frame.code === "blocked" || frame.code === "not_assigned"
                ? chatRefusalText(frame.code, frame.message)
                : CHAT_MESSAGES.sendFailed,
            );
          break;
        case "desk":
          setDeskStatus(frame);
          break;
        case "session-notice":
          // Said in this page's language, not the room's.
          setSessionNotice(CHAT_MESSAGES.sessionNotice);
          break;
        case "presence":
          if (frame.userId !== userId) setContactPresence({ online: frame.online, lastSeen: frame.lastSeen });
          break;
        case "typing":
          // Or 5 s without news (a lost 'stopped').
          window.clearTimeout(typingTimerRef.current);
          setOtherTyping(frame.typing);
          if (frame.typing) typingTimerRef.current = window.setTimeout(() => setOtherTyping(false), 5000);
          break;
      }
    };

    const transport = startSocketTransport<ServerFrame, ClientFrame>({
      url: socketUrl(socketPath),
      schema: ServerFrameSchema,
      finalCloseCodes: [CLOSE_CODES.withdrawn],
      onOpen: () => {
        window.clearTimeout(resumeRetryTimer);
        closedOnThisConnectionRef.current = false;
        catchingUpRef.current = true;
        setConnection("online");
        transport.send({ type: "resume", afterSeq: syncedThroughRef.current });
        // A resume sends only what came after.
        if (theirNewestRef.current > 0) transport.send({ type: "delivered", upToSeq: theirNewestRef.current });
        sendPending();
        transport.send({ type: "presence" });
      },
      onFrame: receive,
      onRetrying: () => {
        waitForConnection();
        setConnection(navigator.onLine ? "reconnecting" : "offline");
      },
      onFinalClose: (close) => {
        if (leaveIfSessionEnded(close)) return;
        if (close.code === CLOSE_CODES.withdrawn) setWithdrawn(true);
        setConnection("unknown");
      },
    });
    transportRef.current = transport;
    const presenceTimer = window.setInterval(() => transport.send({ type: "presence" }), PRESENCE_REFRESH_MS);

    // The browser may keep a socket open through a short loss of network, and deliver over it.
    const wentOffline = () => {
      waitForConnection();
      setConnection("offline");
    };
    const cameOnline = () => {
      // A session's end stays closed.
      if (!transport.reconnectNow()) return;
      setConnection(transport.isOpen() ? "online" : "reconnecting");
      if (transport.isOpen()) sendPending();
    };
    window.addEventListener("offline", wentOffline);
    window.addEventListener("online", cameOnline);
    return () => {
      window.removeEventListener("offline", wentOffline);
      window.removeEventListener("online", cameOnline);
      window.clearInterval(presenceTimer);
      window.clearTimeout(resumeRetryTimer);
      transport.stop();
      transportRef.current = null;
    };
  }, [userId, socketPath, addMessages, fail, setPendingBoth]);

  // Spec section 4: remove them, say so.
  useEffect(() => {
    if (pending.length === 0) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      for (const p of pendingRef.current) if (answerOverdue(p, now)) fail(p.clientId, CHAT_MESSAGES.sendFailed);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [pending.length, fail]);

  const send = useCallback(
    (text: string, imageUrl: string | null = null) => {
      // Stored already, it is only acknowledged.
      const clientId = failedRef.current.idFor(text, imageUrl);
      const now = Date.now();
      const sent = answerExpected(transportRef.current?.send({ type: "send", clientId, text, imageUrl }) ?? false);
      const item: PendingSend = { clientId, text, imageUrl, sentAt: now, answerDueBy: null };
      setPendingBoth((list) => [...list, sent ? sentOverOpenSocket(item, now) : item]);
    },
    [setPendingBoth],
  );

  const setTyping = useCallback((typing: boolean) => {
    transportRef.current?.send({ type: "typing", typing });
  }, []);

  const markRead = useCallback((upToSeq: number) => {
    transportRef.current?.send({ type: "read", upToSeq });
  }, []);

  // A conversation re-renders on every keystroke; messages keep their identity between renders.
  const shown = useMemo(
    () => shownMessages(messages, pending, userId, { readSeq: otherReadSeq, deliveredSeq: otherDeliveredSeq }),
    [messages, pending, userId, otherReadSeq, otherDeliveredSeq],
  );
  return {
    messages: shown,
    connection,
    contactPresence,
    loaded,
    send,
    markRead,
    setTyping,
    otherTyping,
    sessionNotice,
    closed,
    deskStatus,
    withdrawn,
    lastSeq: messages.at(-1)?.seq ?? 0,
  };
}
