/**
 * What the Worker tells a conversation's room about a socket beyond who opens it and with which
 * session (worker/sockets/upgrade-headers.ts), after its checks (worker/api/chat-routes.ts).
 */
const ROOM_UPGRADE_HEADERS = {
  userName: "X-Kindred-User-Name",
  pairId: "X-Kindred-Pair-Id",
  /** "1" when D1 says a block closes the conversation (the room's own copy is the other source). */
  closed: "X-Kindred-Conversation-Closed",
  /** A listener (or the admin) on the desk, who speaks as the support account. */
  deskRole: "X-Kindred-Desk-Role",
  /** "1" when the desk already counted this listener's opening of the conversation (it holds it). */
  deskOpened: "X-Kindred-Desk-Opened",
  /** The country of a support conversation's visitor, for the desk (never sent for another conversation). */
  visitorCountry: "X-Kindred-Visitor-Country",
  /** The language a support conversation's visitor reads the site in, for the desk (likewise). */
  visitorLanguage: "X-Kindred-Visitor-Language",
} as const;

type RoomUpgrade = {
  userName: string;
  pairId: string;
  closedAtGate: boolean;
  deskRole?: "listener" | "admin";
  deskOpened?: boolean;
  visitorCountry?: string;
  visitorLanguage?: string;
};

export function setRoomUpgradeHeaders(headers: Headers, upgrade: RoomUpgrade): void {
  headers.set(ROOM_UPGRADE_HEADERS.userName, upgrade.userName);
  headers.set(ROOM_UPGRADE_HEADERS.pairId, upgrade.pairId);
  if (upgrade.closedAtGate) headers.set(ROOM_UPGRADE_HEADERS.closed, "1");
  if (upgrade.deskRole) headers.set(ROOM_UPGRADE_HEADERS.deskRole, upgrade.deskRole);
  if (upgrade.deskOpened) headers.set(ROOM_UPGRADE_HEADERS.deskOpened, "1");
  if (upgrade.visitorCountry) headers.set(ROOM_UPGRADE_HEADERS.visitorCountry, upgrade.visitorCountry);
  if (upgrade.visitorLanguage) headers.set(ROOM_UPGRADE_HEADERS.visitorLanguage, upgrade.visitorLanguage);
}

/** The room's side: null without a pair id (not from the Worker). */
export function roomUpgradeFrom(headers: Headers): RoomUpgrade | null {
  const pairId = headers.get(ROOM_UPGRADE_HEADERS.pairId);
  if (!pairId) return null;
  const deskRole = headers.get(ROOM_UPGRADE_HEADERS.deskRole);
  const visitorCountry = headers.get(ROOM_UPGRADE_HEADERS.visitorCountry);
  const visitorLanguage = headers.get(ROOM_UPGRADE_HEADERS.visitorLanguage);
  return {
    userName: headers.get(ROOM_UPGRADE_HEADERS.userName) ?? "",
    pairId,
    closedAtGate: headers.get(ROOM_UPGRADE_HEADERS.closed) === "1",
    ...(deskRole === "listener" || deskRole === "admin" ? { deskRole } : {}),
    ...(headers.get(ROOM_UPGRADE_HEADERS.deskOpened) === "1" ? { deskOpened: true } : {}),
    ...(visitorCountry ? { visitorCountry } : {}),
    ...(visitorLanguage ? { visitorLanguage } : {}),
  };
}
