import type { SignedInSession } from "../auth/session";
import type { SocketSession } from "./socket-session";

/** Set by the Worker after its checks (worker/api/socket-upgrade.ts); an object trusts these and nothing else. */
const UPGRADE_HEADERS = {
  userId: "X-Kindred-User-Id",
  sessionId: "X-Kindred-Session-Id",
  idleDeadline: "X-Kindred-Idle-Deadline",
  startedAt: "X-Kindred-Session-Started-At",
} as const;

type VouchedUpgrade = { userId: string; session: SocketSession };

export function vouchForUpgrade(headers: Headers, session: SignedInSession): void {
  headers.set(UPGRADE_HEADERS.userId, session.user.id);
  headers.set(UPGRADE_HEADERS.sessionId, session.sessionId);
  headers.set(UPGRADE_HEADERS.idleDeadline, String(session.idleDeadline));
  headers.set(UPGRADE_HEADERS.startedAt, String(session.startedAt));
}

/** Null for anything but a WebSocket upgrade carrying the Worker's headers. */
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

export function notAnUpgradeResponse(): Response {
  return new Response("Expected a WebSocket upgrade from the Worker", { status: 400 });
}
