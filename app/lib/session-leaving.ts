import { isLeaving, startLeaving } from "~/lib/page-leaving";
import { isSessionEndReason, type SessionEndReason, sessionEndPath } from "~/shared/session-end";
import { CLOSE_CODES } from "~/shared/socket-protocol";

/** The tabs of one browser tell each other when the session ends, so all of them leave together. */
export const SESSION_CHANNEL = "kindred-session";
export type SessionMessage = { type: "activity"; at: number } | { type: "ended"; reason: SessionEndReason };

/**
 * Leaves the signed-in pages with a full load of the sign-in page that says why. The first reason
 * wins: once a sign-out is under way, a heartbeat refused because of it is not an inactivity logout.
 */
export function leaveSession(reason: SessionEndReason, returnTo?: string): void {
  if (!startLeaving()) return;
  window.location.assign(sessionEndPath(reason, returnTo));
}

/**
 * A chat or inbox socket closed because its session ended (on this device or another: sign-out,
 * password reset, inactivity, suspension): the page leaves with that reason instead of reconnecting.
 * Answers whether it did.
 */
export function leaveIfSessionEnded(event: { code: number; reason: string }): boolean {
  if (event.code !== CLOSE_CODES.sessionEnded) return false;
  const reason = isSessionEndReason(event.reason) ? event.reason : "signed-out";
  leaveSession(reason, `${window.location.pathname}${window.location.search}`);
  return true;
}

/** Whether this page is already on its way out (see leaveSession). */
export function isLeavingSession(): boolean {
  return isLeaving();
}

/** Tells this browser's other tabs that the session ended and why. */
export function announceSessionEnd(reason: SessionEndReason): void {
  if (typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage({ type: "ended", reason } satisfies SessionMessage);
  channel.close();
}
