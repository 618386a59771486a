import type { SocketSession } from "../sockets/socket-session";

/**
 * `closedAtGate`: D1 said a block closes it as it opened. A listener's socket is theirs (their
 * session, their inbox) but speaks as the support account (`speakerId`, `userName`).
 */
export type RoomSocket = {
  userId: string;
  userName: string;
  closedAtGate?: true;
  speakerId?: string;
  deskRole?: "listener" | "admin";
  country?: string;
  language?: string;
} & SocketSession;

export const speakerOf = (socket: RoomSocket) => socket.speakerId ?? socket.userId;
