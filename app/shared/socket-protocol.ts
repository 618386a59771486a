/** The frames themselves are in ./schemas/*-protocol.ts and ./desk.ts. */

export const SOCKET_PATHS = {
  conversation: (pairId: string) => `/api/chats/${encodeURIComponent(pairId)}/ws`,
  inbox: "/api/inbox/ws",
  desk: "/api/desk/ws",
  deskConversation: (visitorId: string) => `/api/desk/conversations/${encodeURIComponent(visitorId)}/ws`,
} as const;

export function socketUrl(path: string): string {
  return `${window.location.origin.replace(/^http/, "ws")}${path}`;
}

/** A page reconnects after any close except the final ones, where coming back would only be refused. */
export const CLOSE_CODES = {
  leaving: 1000,
  /** The object lost what it knew of the socket. */
  unknownSocket: 1008,
  /** A block lifted: the page connects anew. */
  reopened: 1012,
  /** No ping for too long: the page is gone or asleep. */
  silent: 4000,
  /** The reason is the SessionEndReason; the page leaves for sign-in with its message. */
  sessionEnded: 4401,
  /** A conversation transferred away or resolved, or a desk socket of someone no longer a listener. */
  withdrawn: 4403,
} as const;
