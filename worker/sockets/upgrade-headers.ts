import type { SignedInSession } from "../auth/session";
import type { SocketSession } from "./socket-session";

/**
 * Headers through which the Worker, after its checks (worker/api/socket-upgrade.ts), tells a Durable
 * Object who opens a socket and with which session. An object trusts these and nothing else: a
 * request without them did not come through the Worker's gate.
 */
const UPGRADE_HEADERS = {
  userId: "X-Kindred-User-Id",
  sessionId: "X-Kindred-Session-Id",
  idleDeadline: "X-Kindred-Idle-Deadline",
  startedAt: "X-Kindred-Session-Started-At",
} as const;

/** Who opens a socket, as the Worker vouched for it. */
export type VouchedUpgrade = { userId: string; session: SocketSession };

/** The Worker's side: the checked session's user and session, on the request it forwards. */
export function vouchForUpgrade(headers: Headers, session: SignedInSession): void {
  headers.set(UPGRADE_HEADERS.userId, session.user.id);
  headers.set(UPGRADE_HEADERS.sessionId, session.sessionId);
  headers.set(UPGRADE_HEADERS.idleDeadline, String(session.idleDeadline));
  headers.set(UPGRADE_HEADERS.startedAt, String(session.startedAt));
}

/**
 * The object's side: who the Worker vouched for, or null for anything but a WebSocket upgrade
 * that carries the Worker's headers.
 */
export function vouchedUpgrade(request: Request): VouchedUpgrade | null {
  const { headers } = request;
  if (headers.get("Upgrade") !== "websocket") return null;
  const userId = headers.get(UPGRADE_HEADERS.userId);
  const sessionId = headers.get(UPGRADE_HEADERS.sessionId);
  const idleDeadline = Number(headers.get(UPGRADE_HEADERS.idleDeadline));
  const startedAt = Number(headers.get(UPGRADE_HEADERS.startedAt));
  if (!userId || !sessionId || !Number.isFinite(idleDeadline) || !Number.isFinite(startedAt)) return null;
  return { userId, session: { sessionId, idleDeadline, startedAt } };
}

/** The answer to a request that is not an upgrade the Worker vouched for. */
export function notAnUpgradeResponse(): Response {
  return new Response("Expected a WebSocket upgrade from the Worker", { status: 400 });
}
