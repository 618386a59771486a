import { DESK_TEXTS, type DeskServerFrame, type DeskSnapshot } from "~/shared/desk";
import type { SessionEnd } from "../auth/end-sessions";
import { chatRoom } from "../chat/room-service";
import { SocketAdmissions } from "../chat/socket-admissions";
import { getConfig } from "../config";
import { SocketObject } from "../sockets/socket-object";
import { endedSessionResponse, type SocketSession } from "../sockets/socket-session";
import { notAnUpgradeResponse, vouchedUpgrade } from "../sockets/upgrade-headers";
import { type Assignment, DESK_TABLES, DeskBook, type Refusal } from "./desk-book";
import { DESK_SOCKET_ROOM, deskUpgradeFrom } from "./desk-upgrade-headers";
import { RoomNotices } from "./room-notices";

/** A desk socket: whose it is, whether they see 'All', and the session it was opened with. */
type DeskSocket = { userId: string; admin: boolean } & SocketSession;

/** Someone acting on the desk, as the Worker vouches for them (a listener, or the admin). */
export type DeskActor = { id: string; name: string; admin: boolean };

type Outcome<T> = T | { refusal: string };

/** Desk pages hear about changes at most this often (a burst of changes is one frame). */
const SOCKET_COALESCE_MS = 250;

/**
 * The support desk (issue 25): the queue of support conversations waiting for a listener, who is
 * available and how much they hold, and every assignment. One object, so an assignment is decided
 * and written in one step: no conversation is ever given to two listeners. It takes only the
 * desk's transitions (a conversation joins the queue, is taken, transferred, resolved; a listener
 * comes or goes), never a message: the messages stay in each conversation's ChatRoom, which it
 * tells where it stands (docs/architecture.md, "The support desk").
 */
export class SupportDesk extends SocketObject<DeskSocket, DeskServerFrame> {
  private readonly book = new DeskBook(this.sql, getConfig().desk.capacity);
  private readonly rooms = new RoomNotices(this.book, (promise) => this.ctx.waitUntil(promise));
  private readonly admissions = new SocketAdmissions({
    pairId: () => DESK_SOCKET_ROOM,
    openSockets: (userId) => this.openSockets(userId),
    waitUntil: (promise) => this.ctx.waitUntil(promise),
  });
  private socketTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, [DESK_TABLES]);
  }

  /** A listener's desk socket, forwarded by the Worker after it checked the session and the role. */
  override async fetch(request: Request): Promise<Response> {
    const upgrade = vouchedUpgrade(request);
    const desk = deskUpgradeFrom(request.headers);
    if (!upgrade || !desk) return notAnUpgradeResponse();
    const { userId, session } = upgrade;
    this.book.know({ id: userId, name: desk.userName });
    const admitted = await this.admissions.admit(userId, DESK_SOCKET_ROOM, session, () =>
      this.acceptSocket({ userId, admin: desk.admin, ...session }, [userId]),
    );
    if ("ended" in admitted) return endedSessionResponse(admitted.ended);
    this.book.markBack(userId);
    await this.scheduleAlarm();
    this.send(admitted.opened.socket, { type: "desk-state", desk: this.book.view(userId, desk.admin) });
    return admitted.opened.response;
  }

  /** The desk socket only listens: writes are the pages' forms (route actions). */
  override async webSocketMessage(ws: WebSocket): Promise<void> {
    this.send(ws, { type: "error", message: DESK_TEXTS.socketOnly });
  }

  /** A listener's last desk page closed: the grace before their waiting conversations go back starts. */
  protected override async socketClosed(ws: WebSocket): Promise<void> {
    const socket = this.attachment(ws);
    if (!socket) return;
    this.admissions.leaveIfGone(socket.userId, ws);
    if (this.openSockets(socket.userId).some((open) => open !== ws)) return;
    this.book.markGone(socket.userId, Date.now());
    await this.scheduleAlarm();
  }

  /**
   * A session of a listener ended (sign-out, reset, inactivity, suspension): its desk sockets close
   * and, with no desk page left open, the listener is away (no new conversations; those waiting for
   * their reply go back after the grace). Answers how many desk sockets of theirs remain.
   */
  async endSessions(userId: string, end: SessionEnd): Promise<number> {
    this.closeEndedSessions(end, this.openSockets(userId));
    const remaining = this.openSockets(userId).filter((ws) => !this.attachment(ws)?.ended).length;
    if (remaining === 0 && this.book.listener(userId)) {
      this.book.setAvailable(userId, false, Date.now());
      await this.changed();
    }
    return remaining;
  }

  /** The desk as one listener sees it. */
  async snapshot(listenerId: string, admin: boolean): Promise<DeskSnapshot> {
    return this.book.view(listenerId, admin);
  }

  /** Whether `actor` may open a support conversation on the desk, and as what. */
  async accessOf(
    pairId: string,
    actor: Pick<DeskActor, "id" | "admin">,
  ): Promise<"assigned" | "queued" | "admin" | null> {
    const row = this.book.conversation(pairId);
    if (row?.listener_id === actor.id) return "assigned";
    if (row && row.listener_id === null) return "queued";
    return actor.admin ? "admin" : null;
  }

  /** 'Available' / 'Away'. Available: queued conversations may come at once. */
  async setAvailability(actor: DeskActor, available: boolean): Promise<void> {
    this.book.know(actor);
    this.book.setAvailable(actor.id, available, Date.now());
    if (available) this.assigned(this.book.assignWaiting(Date.now()));
    await this.changed();
  }

  /** 'Take next': the conversation waiting longest (crisis-flagged first), if the listener has room. */
  async takeNext(actor: DeskActor): Promise<Outcome<{ pairId: string; visitorId: string }>> {
    this.book.know(actor);
    const outcome = this.book.takeNext(actor.id, Date.now());
    return this.answer(outcome, (made) => ({ pairId: made.pairId, visitorId: made.visitorId }));
  }

  /** Takes one queued conversation (from its page on the desk). */
  async take(pairId: string, actor: DeskActor): Promise<Outcome<{ visitorId: string }>> {
    this.book.know(actor);
    const outcome = this.book.take(pairId, actor.id, Date.now());
    return this.answer(outcome, (made) => ({ visitorId: made.visitorId }));
  }

  /**
   * Hands a held conversation to another available listener with room; the note (if any) is kept
   * with the conversation for the desk only. The visitor is told nothing: they stay 'assigned'.
   */
  async transfer(pairId: string, from: DeskActor, toId: string, note: string | null): Promise<Outcome<{ ok: true }>> {
    const outcome = this.book.transfer(pairId, from.admin ? null : from.id, toId, Date.now());
    if ("refusal" in outcome) return { refusal: DESK_TEXTS[outcome.refusal] };
    if (note) await chatRoom(pairId).addDeskNote({ authorName: from.name, kind: "transfer", text: note });
    this.assigned([outcome]);
    await this.changed();
    return { ok: true };
  }

  /** 'Mark resolved': the listener's place is free; the visitor's next message queues it again. */
  async resolve(pairId: string, by: DeskActor): Promise<Outcome<{ ok: true }>> {
    const outcome = this.book.resolve(pairId, by.admin ? null : by.id);
    if ("refusal" in outcome) return { refusal: DESK_TEXTS[outcome.refusal] };
    this.rooms.tellIdle(pairId);
    this.assigned(this.book.assignWaiting(Date.now()));
    await this.changed();
    return { ok: true };
  }

  /**
   * The visitor of a support conversation nobody holds wrote (its ChatRoom calls once per opening,
   * not per message): it joins the queue, or goes to a listener at once. `crisis`: the crisis-phrase
   * check fired on their words, which puts it first.
   */
  async visitorWaiting(entry: {
    pairId: string;
    visitorId: string;
    visitorName: string;
    crisis: boolean;
    at: number;
  }): Promise<void> {
    const row = this.book.conversation(entry.pairId);
    if (row?.listener_id) {
      // Already held (the room's word was behind): it learns where it stands again.
      return this.rooms.tellAssigned(entry.pairId, row.listener_id);
    }
    // Already queued: the room asked again, so its place is told again with the next pass.
    if (row) this.rooms.tellQueuedAgain(entry.pairId);
    this.book.enqueue(entry);
    this.assigned(this.book.assignWaiting(Date.now()));
    await this.changed();
  }

  /** Whether anyone is marked Available, for a visitor who has not written yet. */
  async listenersAvailable(): Promise<boolean> {
    return this.book.anyoneAvailable();
  }

  /** The admin removed a listener: their conversations go back now, and the desk forgets them. */
  async forgetListener(listenerId: string): Promise<void> {
    await this.handBack(listenerId);
    this.book.forget(listenerId);
    this.closeSocketsOf(listenerId, 4403, "No longer a listener");
    await this.changed();
  }

  override async alarm(): Promise<void> {
    const due = this.book.goneSince(Date.now() - getConfig().desk.handbackGraceMs);
    for (const listenerId of due) {
      this.book.settleGone(listenerId);
      await this.handBack(listenerId);
    }
    await this.changed();
  }

  /**
   * The conversations a listener held go back: those whose visitor waits for a reply to the queue,
   * oldest first (each keeps the time of the visitor's unanswered message); the others leave the
   * desk until the visitor writes again. Each room says whether its visitor waits.
   */
  private async handBack(listenerId: string): Promise<void> {
    const held = this.book.heldBy(listenerId);
    const waits = await Promise.all(
      held.map((row) =>
        chatRoom(row.pair_id)
          .deskWaitingSince()
          .catch(() => row.waiting_since),
      ),
    );
    held.forEach((row, index) => {
      const outcome = this.book.handBack(row.pair_id, listenerId, waits[index] ?? null);
      if (outcome === "closed") this.rooms.tellIdle(row.pair_id);
      if (outcome === "queued") this.rooms.tellQueuedAgain(row.pair_id);
    });
    this.assigned(this.book.assignWaiting(Date.now()));
  }

  /** An outcome of the book: a refusal as its text, or the assignment made, told and answered. */
  private async answer<T>(outcome: Assignment | Refusal, result: (made: Assignment) => T): Promise<Outcome<T>> {
    if ("refusal" in outcome) return { refusal: DESK_TEXTS[outcome.refusal] };
    this.assigned([outcome]);
    await this.changed();
    return result(outcome);
  }

  /** Each conversation just assigned: its room learns who may write in it. */
  private assigned(made: Assignment[]): void {
    for (const { pairId, listenerId } of made) this.rooms.tellAssigned(pairId, listenerId);
  }

  /** Something changed: the places in line, the desk pages, and the hand-back alarm follow. */
  private async changed(): Promise<void> {
    this.rooms.placesChanged();
    this.refreshSocketsSoon();
    await this.scheduleAlarm();
  }

  private refreshSocketsSoon(): void {
    if (this.socketTimer) return;
    this.socketTimer = setTimeout(() => {
      this.socketTimer = null;
      this.refreshSockets();
    }, SOCKET_COALESCE_MS);
  }

  /** Every open desk page gets its listener's desk: the shared part computed once, each listener's once. */
  private refreshSockets(): void {
    const views = new Map<string, string>();
    const shared = this.book.sharedView();
    for (const ws of this.openSockets()) {
      const socket = this.attachment(ws);
      if (!socket || socket.ended) continue;
      const key = `${socket.userId}:${socket.admin}`;
      let payload = views.get(key);
      if (!payload) {
        const desk = this.book.personalView(socket.userId, socket.admin, shared);
        const frame: DeskServerFrame = { type: "desk-state", desk };
        payload = JSON.stringify(frame);
        views.set(key, payload);
      }
      this.sendPayload(ws, payload);
    }
  }

  private async scheduleAlarm(): Promise<void> {
    const gone = this.book.earliestGone();
    const due = gone === null ? null : gone + getConfig().desk.handbackGraceMs;
    const current = await this.ctx.storage.getAlarm();
    if (due === null) {
      if (current !== null) await this.ctx.storage.deleteAlarm();
    } else if (current !== due) {
      await this.ctx.storage.setAlarm(due);
    }
  }

  /** Closes one user's desk sockets. */
  private closeSocketsOf(userId: string, code: number, reason: string): void {
    for (const ws of this.openSockets(userId)) {
      try {
        ws.close(code, reason);
      } catch {
        // Already closing.
      }
    }
  }
}
