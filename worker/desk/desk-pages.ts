import { DESK_PAGE_DEADLINE_MS, type DeskServerFrame } from "~/shared/desk";
import type { SocketSession } from "../sockets/socket-session";
import type { DeskBook } from "./desk-book";
import type { DeskViews } from "./desk-views";

/** `openedAt` is its first proof that the page is there; `socketId` is what a probe's answer is checked against. */
export type DeskSocket = { userId: string; admin: boolean; openedAt?: number; socketId?: string } & SocketSession;

export type PagesDesk = {
  ctx: DurableObjectState;
  book: DeskBook;
  views: DeskViews;
  sockets(): { ws: WebSocket; socket: Readonly<DeskSocket> }[];
  sendPayload(ws: WebSocket, payload: string): void;
};

/** Since when each Available listener's pages must speak again to count (an unanswered probe's time). */
type Silences = ReadonlyMap<string, number>;

/** A burst of changes is one frame. */
const SOCKET_COALESCE_MS = 250;

export class DeskPages {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** In memory: a ping outlives it anyway. */
  private readonly answers = new WeakMap<WebSocket, number>();

  constructor(private readonly desk: PagesDesk) {}

  /**
   * A page's proof is its opening, its newest ping (which the runtime answers without waking the desk) or a probe's
   * answer, within DESK_PAGE_DEADLINE_MS and after any unanswered probe. `except`: a socket that is closing.
   */
  there(now: number, except?: WebSocket, silences: Silences = this.silences()): Set<string> {
    const there = new Set<string>();
    for (const { ws, socket } of this.desk.sockets()) {
      if (ws === except) continue;
      const proof = this.lastProof(ws, socket);
      if (now - proof <= DESK_PAGE_DEADLINE_MS && proof > (silences.get(socket.userId) ?? 0)) there.add(socket.userId);
    }
    return there;
  }

  /** Answers whether anyone's presence changed. */
  check(now: number): boolean {
    const { book } = this.desk;
    const available = book.markedAvailable();
    const there = this.there(now, undefined, new Map(available.map((l) => [l.listenerId, l.unansweredAt])));
    let changed = false;
    for (const { listenerId, gone } of available) {
      if (gone && there.has(listenerId)) book.markBack(listenerId);
      else if (!gone && !there.has(listenerId)) book.markGone(listenerId, now);
      else continue;
      changed = true;
    }
    return changed;
  }

  /** A socket opened before sockets had ids cannot be asked. */
  socketIdsOf(listenerId: string): string[] {
    return this.desk
      .sockets()
      .flatMap(({ socket }) => (socket.userId === listenerId && socket.socketId ? [socket.socketId] : []));
  }

  ask(nonces: ReadonlyMap<string, string>): void {
    for (const { ws, socket } of this.desk.sockets()) {
      const nonce = socket.socketId && nonces.get(socket.socketId);
      if (nonce) this.desk.sendPayload(ws, JSON.stringify({ type: "probe", nonce } satisfies DeskServerFrame));
    }
  }

  nextDeadline(): number | null {
    const present = new Set(
      this.desk.book
        .markedAvailable()
        .filter((listener) => !listener.gone)
        .map((listener) => listener.listenerId),
    );
    const newest = new Map<string, number>();
    for (const { ws, socket } of this.desk.sockets()) {
      if (!present.has(socket.userId)) continue;
      newest.set(socket.userId, Math.max(newest.get(socket.userId) ?? 0, this.lastProof(ws, socket)));
    }
    const dues = [...newest.values()].map((proof) => proof + DESK_PAGE_DEADLINE_MS + 1);
    return dues.length === 0 ? null : Math.min(...dues);
  }

  refreshSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.refresh();
    }, SOCKET_COALESCE_MS);
  }

  /** The shared part is computed once, each listener's once. */
  private refresh(): void {
    const payloads = new Map<string, string>();
    const shared = this.desk.views.shared();
    for (const { ws, socket } of this.desk.sockets()) {
      const key = `${socket.userId}:${socket.admin}`;
      let payload = payloads.get(key);
      if (!payload) {
        const frame: DeskServerFrame = {
          type: "desk-state",
          desk: this.desk.views.personal(socket.userId, socket.admin, shared),
        };
        payload = JSON.stringify(frame);
        payloads.set(key, payload);
      }
      this.desk.sendPayload(ws, payload);
    }
  }

  /** A probe's answer is proof until the socket next pings. */
  answeredProbe(ws: WebSocket, now: number): void {
    this.answers.set(ws, now);
  }

  private silences(): Silences {
    return new Map(this.desk.book.markedAvailable().map((l) => [l.listenerId, l.unansweredAt]));
  }

  private lastProof(ws: WebSocket, socket: Readonly<DeskSocket>): number {
    const pinged = this.desk.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
    return Math.max(socket.openedAt ?? 0, pinged, this.answers.get(ws) ?? 0);
  }
}
