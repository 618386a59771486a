/** What the Worker tells the SupportDesk about a desk socket, once it has checked the role. */
const DESK_UPGRADE_HEADERS = {
  userName: "X-Kindred-User-Name",
  /** "1" for the admin, who also sees 'All'. */
  admin: "X-Kindred-Desk-Admin",
  desk: "X-Kindred-Desk",
  alias: "X-Kindred-Listener-Alias",
  /** The languages the listener answers in, comma-separated codes. */
  languages: "X-Kindred-Listener-Languages",
} as const;

/**
 * The inbox's room name for desk sockets, so ending a session closes them too; pair ids always
 * contain an underscore, this name has none.
 */
export const DESK_SOCKET_ROOM = "support-desk";

type DeskUpgrade = { userName: string; admin: boolean; alias: string | null; languages: readonly string[] };

export function setDeskUpgradeHeaders(headers: Headers, upgrade: DeskUpgrade): void {
  headers.set(DESK_UPGRADE_HEADERS.desk, "1");
  headers.set(DESK_UPGRADE_HEADERS.userName, upgrade.userName);
  if (upgrade.admin) headers.set(DESK_UPGRADE_HEADERS.admin, "1");
  // Header values are ISO-8859-1: the alias travels URI-encoded, whatever its script.
  if (upgrade.alias) headers.set(DESK_UPGRADE_HEADERS.alias, encodeURIComponent(upgrade.alias));
  if (upgrade.languages.length > 0) headers.set(DESK_UPGRADE_HEADERS.languages, upgrade.languages.join(","));
}

export function deskUpgradeFrom(headers: Headers): DeskUpgrade | null {
  if (headers.get(DESK_UPGRADE_HEADERS.desk) !== "1") return null;
  return {
    userName: headers.get(DESK_UPGRADE_HEADERS.userName) ?? "",
    admin: headers.get(DESK_UPGRADE_HEADERS.admin) === "1",
    alias: decodedAlias(headers.get(DESK_UPGRADE_HEADERS.alias)),
    languages: (headers.get(DESK_UPGRADE_HEADERS.languages) ?? "").split(",").filter(Boolean),
  };
}

function decodedAlias(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
