import type { SocketSession } from "../sockets/socket-session";

/**
 * Who a room's socket belongs to, and the session it was opened with; `closedAtGate` when the
 * Worker found the conversation closed by a block in D1 as it opened (read-only for its lifetime).
 * A listener's socket on the desk is theirs (`userId`: their session, their inbox) but
 * speaks as the support account (`speakerId`, `userName`); `deskRole` says whether it is the admin.
 */
export type RoomSocket = {
  userId: string;
  userName: string;
  closedAtGate?: true;
  speakerId?: string;
  deskRole?: "listener" | "admin";
  /** A support conversation's visitor: the country their page was opened in, for the desk. */
  country?: string;
  /** A support conversation's visitor: the language their page was opened in, for the desk. */
  language?: string;
} & SocketSession;

/** Who a socket speaks as in the conversation: the support account for a listener, else its user. */
export const speakerOf = (socket: RoomSocket) => socket.speakerId ?? socket.userId;
