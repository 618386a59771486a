const ROOM_UPGRADE_HEADERS = {
  userName: "X-Kindred-User-Name",
  pairId: "X-Kindred-Pair-Id",
  closed: "X-Kindred-Conversation-Closed",
  deskRole: "X-Kindred-Desk-Role",
  deskOpened: "X-Kindred-Desk-Opened",
  /** Never sent for any but a support conversation. */
  visitorCountry: "X-Kindred-Visitor-Country",
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
