import type { SessionEndReason } from "~/shared/session-end";
import { type InboxCalls, userInbox } from "../objects/inbox-service";
import type { SocketSession } from "./socket-session";

type RoomSide = {
  pairId(): string | null;
  /** The member's sockets open in the room. */
  openSockets(userId: string): WebSocket[];
  waitUntil(promise: Promise<unknown>): void;
};

/**
 * Keeps each member's inbox told which rooms hold their sockets
 * (docs/decisions/044-ending-a-session-ends-its-sockets-everywhere.md), so ending a session reaches
 * every socket opened with it: a socket is admitted only after the inbox has remembered this room
 * (and refused if its session ended meanwhile), and the inbox forgets the room once the member has
 * no socket here and none on its way. Calls about one member are made in order, so a socket that
 * opens right after a leave is remembered after it.
 */
export class SocketAdmissions {
  /**
   * Upgrades of each member that wait for their inbox to admit them. A member whose last socket
   * closes meanwhile is not leaving: the socket being admitted keeps the conversation open (a page
   * remounting closes its socket and at once opens another, as React's development mode does).
   */
  private readonly admitting = new Map<string, number>();
  /** Each member's last call to their inbox about this room's sockets: the next one waits for it. */
  private readonly inboxCalls = new Map<string, Promise<unknown>>();

  constructor(private readonly room: RoomSide) {}

  /**
   * Asks the member's inbox to admit a socket opened with `session`: null when it may open, the
   * reason when its session ended. `open` accepts it, while the upgrade still counts as on its way.
   */
  async admit<T>(
    userId: string,
    pairId: string,
    session: SocketSession,
    open: () => T,
  ): Promise<{ ended: SessionEndReason } | { opened: T }> {
    this.admitting.set(userId, (this.admitting.get(userId) ?? 0) + 1);
    try {
      const ended = await this.inboxInOrder(userId, (inbox) => inbox.admitSocket(pairId, session));
      return ended ? { ended } : { opened: open() };
    } finally {
      this.admitted(userId);
    }
  }

  /**
   * The member has no socket here (but perhaps `closing`) and none on its way: their inbox no
   * longer needs to reach this room when a session ends.
   */
  leaveIfGone(userId: string, closing?: WebSocket): void {
    const pairId = this.room.pairId();
    if (!pairId || this.admitting.has(userId)) return;
    if (this.room.openSockets(userId).some((socket) => socket !== closing)) return;
    this.room.waitUntil(this.inboxInOrder(userId, (inbox) => inbox.roomClosed(pairId)));
  }

  /** An upgrade of the member is no longer waiting; if it failed and nothing else is open, they left. */
  private admitted(userId: string) {
    const waiting = (this.admitting.get(userId) ?? 1) - 1;
    if (waiting > 0) this.admitting.set(userId, waiting);
    else this.admitting.delete(userId);
    this.leaveIfGone(userId);
  }

  /** A call to the member's inbox about this room's sockets, made once the previous one is done. */
  private inboxInOrder<T>(userId: string, call: (inbox: InboxCalls) => Promise<T>): Promise<T> {
    const previous = this.inboxCalls.get(userId) ?? Promise.resolve();
    const next = previous.then(() => call(userInbox(userId)));
    const done = next.catch(() => undefined);
    this.inboxCalls.set(userId, done);
    done.then(() => {
      if (this.inboxCalls.get(userId) === done) this.inboxCalls.delete(userId);
    });
    return next;
  }
}
