import type { SessionEndReason } from "~/shared/session-end";
import { type InboxCalls, userInbox } from "../objects/inbox-service";
import type { SocketSession } from "./socket-session";

type RoomSide = {
  pairId(): string | null;
  openSockets(userId: string): WebSocket[];
  waitUntil(promise: Promise<unknown>): void;
};

/**
 * Keeps each member's inbox told which rooms hold their sockets, so ending a session reaches every
 * one (docs/decisions/044-ending-a-session-ends-its-sockets-everywhere.md). A socket is admitted only
 * once the inbox remembered this room; calls about one member run in order.
 */
export class SocketAdmissions {
  /**
   * A member whose last socket closes while an upgrade waits is not leaving: a remounting page closes
   * its socket and at once opens another.
   */
  private readonly admitting = new Map<string, number>();
  /** Each member's last call to their inbox about this room's sockets: the next one waits for it. */
  private readonly inboxCalls = new Map<string, Promise<unknown>>();

  constructor(private readonly room: RoomSide) {}

  /**
   * Null when the socket may open, else why its session ended; `open` runs while the upgrade still
   * counts as pending.
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

  leaveIfGone(userId: string, closing?: WebSocket): void {
    const pairId = this.room.pairId();
    if (!pairId || this.admitting.has(userId)) return;
    if (this.room.openSockets(userId).some((socket) => socket !== closing)) return;
    this.room.waitUntil(this.inboxInOrder(userId, (inbox) => inbox.roomClosed(pairId)));
  }

  private admitted(userId: string) {
    const waiting = (this.admitting.get(userId) ?? 1) - 1;
    if (waiting > 0) this.admitting.set(userId, waiting);
    else this.admitting.delete(userId);
    this.leaveIfGone(userId);
  }

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
