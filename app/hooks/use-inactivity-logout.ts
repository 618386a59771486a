import { useCallback, useEffect, useRef, useState } from "react";
import { type ActivityAnswer, listenForActivitySocket, sendActivityFrame } from "~/lib/activity-heartbeat";
import {
  announceSessionEnd,
  isLeavingSession,
  leaveSession,
  SESSION_CHANNEL,
  type SessionMessage,
} from "~/lib/session-leaving";
import {
  ACTIVITY_EVENTS,
  ACTIVITY_RESYNC_THRESHOLD_MS,
  INACTIVITY_WARNING_AT_MS,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_TIMEOUT_MS,
} from "~/shared/inactivity";
import type { SessionEndReason } from "~/shared/session-end";

/** mousemove fires constantly. */
const BROADCAST_EVERY_MS = 1000;

const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** Spec sections 4 and 9; tabs stay in step, and the server enforces the same timeout. */
export function useInactivityLogout(enabled: boolean): { warning: boolean; stayActive: () => void } {
  const [warning, setWarning] = useState(false);
  const stayActiveRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (!enabled) return;
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(SESSION_CHANNEL) : null;
    let lastActivity = Date.now();
    let lastBroadcast = 0;
    let lastReported = 0;
    let loggingOut = false;
    const leave = (reason: SessionEndReason) => {
      loggingOut = true;
      leaveSession(reason, currentPath());
    };
    // Spec: 'Click OK to stay logged in'; a stray mouse movement must not dismiss it unseen.
    let warned = false;
    let warnTimer: number | undefined;
    let logoutTimer: number | undefined;

    const logout = async () => {
      if (loggingOut || isLeavingSession()) return;
      loggingOut = true;
      await fetch("/api/session/expire", { method: "POST", keepalive: true }).catch(() => undefined);
      // Only now: tabs leaving before the server ended the session would bounce via /chat and lose the message.
      announceSessionEnd("inactivity");
      leave("inactivity");
    };

    const schedule = () => {
      window.clearTimeout(warnTimer);
      window.clearTimeout(logoutTimer);
      const idle = Date.now() - lastActivity;
      warnTimer = window.setTimeout(
        () => {
          warned = true;
          setWarning(true);
        },
        Math.max(0, INACTIVITY_WARNING_AT_MS - idle),
      );
      logoutTimer = window.setTimeout(logout, Math.max(0, SESSION_TIMEOUT_MS - idle));
    };

    const touch = (at: number) => {
      lastActivity = Math.max(lastActivity, at);
      warned = false;
      setWarning(false);
      schedule();
    };

    const recordActivity = () => {
      if (loggingOut) return;
      const now = Date.now();
      touch(now);
      if (now - lastBroadcast >= BROADCAST_EVERY_MS) {
        lastBroadcast = now;
        channel?.postMessage({ type: "activity", at: now } satisfies SessionMessage);
      }
    };
    const onActivity = () => {
      if (!warned) recordActivity();
    };
    stayActiveRef.current = recordActivity;

    const onMessage = (event: MessageEvent<SessionMessage>) => {
      if (event.data.type === "activity") touch(event.data.at);
      else leave(event.data.reason);
    };

    /** The stored time may be newer (another device). */
    const takeAnswer = (answer: Partial<ActivityAnswer> | null, reported: number, sentAt: number) => {
      if (!answer?.lastActivity || !answer.serverNow) return;
      // A slow answer would otherwise move the time back past an 'OK' pressed meanwhile.
      if (lastActivity !== reported) return;
      // The server's stored time in this browser's clock.
      const stored = answer.lastActivity - (answer.serverNow - sentAt);
      if (Math.abs(stored - lastActivity) > ACTIVITY_RESYNC_THRESHOLD_MS) {
        lastActivity = stored;
        schedule();
      }
    };

    // Oldest first: one socket answers in order.
    let framesInFlight: { reported: number; sentAt: number }[] = [];

    /** A check reports only activity since the last report; a socket's opening always reports. */
    const heartbeat = async (occasion: "check" | "socket-opened" | "page-opened" = "check") => {
      if (loggingOut || isLeavingSession()) return;
      if (occasion === "check" && lastActivity <= lastReported) return;
      const reported = lastActivity;
      const sentAt = Date.now();
      if (sendActivityFrame(sentAt - reported)) {
        lastReported = reported;
        framesInFlight.push({ reported, sentAt });
        return;
      }
      // Its opening will report; the next check falls back to the POST if it never opens.
      if (occasion !== "check") return;
      lastReported = reported;
      const response = await fetch("/api/session/activity", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ idleMs: sentAt - reported }),
      }).catch(() => null);
      if (!response) return; // offline for a moment: the timers still run locally
      // The server found the session idle, or it ended another way, which then says so.
      if (response.status === 401) return leave("inactivity");
      takeAnswer((await response.json().catch(() => null)) as Partial<ActivityAnswer> | null, reported, sentAt);
    };
    const stopListening = listenForActivitySocket({
      opened: () => {
        framesInFlight = [];
        heartbeat("socket-opened");
      },
      answered: (answer) => {
        const sent = framesInFlight.shift();
        if (sent) takeAnswer(answer, sent.reported, sent.sentAt);
      },
    });

    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    channel?.addEventListener("message", onMessage);
    const interval = window.setInterval(() => heartbeat("check"), SESSION_CHECK_INTERVAL_MS);
    schedule();
    heartbeat("page-opened");

    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      channel?.close();
      stopListening();
      window.clearInterval(interval);
      window.clearTimeout(warnTimer);
      window.clearTimeout(logoutTimer);
    };
  }, [enabled]);

  const stayActive = useCallback(() => stayActiveRef.current(), []);
  return { warning, stayActive };
}
