import { isLeaving, startLeaving } from "~/lib/page-leaving";
import { isSessionEndReason, type SessionEndReason, sessionEndPath } from "~/shared/session-end";
import { CLOSE_CODES } from "~/shared/socket-protocol";

export const SESSION_CHANNEL = "kindred-session";
export type SessionMessage = { type: "activity"; at: number } | { type: "ended"; reason: SessionEndReason };

/** The first reason wins: a heartbeat refused because of a sign-out is not an inactivity logout. */
export function leaveSession(reason: SessionEndReason, returnTo?: string): void {
  if (!startLeaving()) return;
  window.location.assign(sessionEndPath(reason, returnTo));
}

/** On this device or another; the page leaves instead of reconnecting. */
export function leaveIfSessionEnded(event: { code: number; reason: string }): boolean {
  if (event.code !== CLOSE_CODES.sessionEnded) return false;
  const reason = isSessionEndReason(event.reason) ? event.reason : "signed-out";
  leaveSession(reason, `${window.location.pathname}${window.location.search}`);
  return true;
}

export function isLeavingSession(): boolean {
  return isLeaving();
}

export function announceSessionEnd(reason: SessionEndReason): void {
  if (typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage({ type: "ended", reason } satisfies SessionMessage);
  channel.close();
}
