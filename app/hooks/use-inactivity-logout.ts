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

/** Activity is shared with other tabs at most this often (mousemove fires constantly). */
const BROADCAST_EVERY_MS = 1000;

/** The page to come back to after signing in again. */
const currentPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * The inactivity rules in the browser (spec sections 4 and 9): any activity resets the timers, a
 * warning at 8 minutes, logout at 10. Tabs stay in step: activity in one keeps the others alive and
 * a logout in one signs out all. Every 30 seconds, recent activity is reported to the server (which
 * enforces the same timeout), on the inbox socket when it is open, and the local time is resynced
 * to the stored one when they drift.
 */
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
    // While the warning is up, only its OK counts here (spec: 'Click OK to stay logged in');
    // a stray mouse movement must not dismiss it unseen.
    let warned = false;
    let warnTimer: number | undefined;
    let logoutTimer: number | undefined;

    const logout = async () => {
      if (loggingOut || isLeavingSession()) return;
      loggingOut = true;
      await fetch("/api/session/expire", { method: "POST", keepalive: true }).catch(() => undefined);
      // Only now tell the other tabs: had they left before the server ended the session, /signup
      // would have sent them on to /chat and back, losing the logged-out message.
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

    /** Takes a heartbeat's answer into account: the stored time may be newer (another device). */
    const takeAnswer = (answer: Partial<ActivityAnswer> | null, reported: number, sentAt: number) => {
      if (!answer?.lastActivity || !answer.serverNow) return;
      // Activity since sending is newer than anything this answer knows (a slow answer would
      // otherwise move the time back past an 'OK' pressed meanwhile); the next check reports it.
      if (lastActivity !== reported) return;
      // The stored time in this browser's clock (the server's clock read at the moment of sending);
      // it differs from ours when another device of the person was active.
      const stored = answer.lastActivity - (answer.serverNow - sentAt);
      if (Math.abs(stored - lastActivity) > ACTIVITY_RESYNC_THRESHOLD_MS) {
        lastActivity = stored;
        schedule();
      }
    };

    // Heartbeat frames sent on the inbox socket and not answered yet, oldest first (one socket
    // answers in order; a socket that reopens starts afresh).
    let framesInFlight: { reported: number; sentAt: number }[] = [];

    /**
     * Reports activity: as a frame on the inbox socket when one is open, otherwise, at a
     * check, with the POST. A check reports only activity since the last report; the socket's
     * opening always reports (its first frame), as does the page's, if a socket is already open.
     */
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
      // No socket yet as the page opens: its opening will report, and the next check falls back
      // to the POST if it never opens.
      if (occasion !== "check") return;
      lastReported = reported;
      const response = await fetch("/api/session/activity", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ idleMs: sentAt - reported }),
      }).catch(() => null);
      if (!response) return; // offline for a moment: the timers still run locally
      // Refused: the server found the session idle (or it ended another way, which then says so).
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
