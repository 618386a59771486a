/**
 * What the pages and the server agree on for every WebSocket: where each one is opened, and the
 * close codes that tell a page what happened. The frames themselves are in ./schemas/*-protocol.ts
 * and ./desk.ts.
 */

/** Where each socket is opened (the API routes in worker/api serve them under these paths). */
export const SOCKET_PATHS = {
  /** One conversation's room, for its two members. */
  conversation: (pairId: string) => `/api/chats/${encodeURIComponent(pairId)}/ws`,
  /** The signed-in user's app-wide socket: badge, recent chats, presence, activity. */
  inbox: "/api/inbox/ws",
  /** The support desk, for a listener's desk page. */
  desk: "/api/desk/ws",
  /** A support conversation's room, as the listener who holds it opens it from the desk. */
  deskConversation: (visitorId: string) => `/api/desk/conversations/${encodeURIComponent(visitorId)}/ws`,
} as const;

/** A socket path as a URL on the page's own origin (ws: or wss: as the page is http: or https:). */
export function socketUrl(path: string): string {
  return `${window.location.origin.replace(/^http/, "ws")}${path}`;
}

/**
 * The codes a socket is closed with. A page reconnects after any close except the final ones
 * (`sessionEnded`, `withdrawn`), which say that coming back would only be refused.
 */
export const CLOSE_CODES = {
  /** The page closes its own socket as it leaves. */
  leaving: 1000,
  /** A socket the object cannot tie to a member (it lost what it knew of it). */
  unknownSocket: 1008,
  /** The conversation was closed and opened again (a block lifted): the page connects anew. */
  reopened: 1012,
  /** A presence socket that sent no ping for too long: the page is gone or asleep. */
  silent: 4000,
  /**
   * The session ended (sign-out, password reset, inactivity, suspension); the reason is the
   * SessionEndReason, and the page leaves for the sign-in page with its message.
   */
  sessionEnded: 4401,
  /**
   * No longer allowed here: a support conversation transferred away from or resolved by the listener
   * who had it open, or a desk socket of someone who is no longer a listener.
   */
  withdrawn: 4403,
} as const;
