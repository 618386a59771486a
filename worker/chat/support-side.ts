import { type DeskNote, idleDeskStatus } from "~/shared/desk";
import type { ChatMessage, ServerFrame } from "~/shared/schemas/chat-protocol";
import { getConfig } from "../config";
import { supportDesk } from "../objects/desk-service";
import type { Meta } from "../sockets/meta";
import { DESK_LISTENER_CLOSE, DeskLink, type DeskRoomUpdate } from "./desk-link";
import { DeskNotes } from "./desk-notes";
import { HolderNotices } from "./holder-notices";
import type { MessageLog } from "./message-log";
import { MESSAGE_RETENTION_MS } from "./message-retention";
import type { RoomMembers } from "./room-members";

/** What the support side reaches of its room's sockets. */
export type RoomSockets = {
  /** A user's open sockets. */
  openOf(userId: string): WebSocket[];
  /** Every socket a listener (or the admin) opened from the desk, open or closing. */
  desks(): { ws: WebSocket; userId: string; deskRole: "listener" | "admin" }[];
  send(ws: WebSocket, frame: ServerFrame): void;
  waitUntil(promise: Promise<unknown>): void;
};

/**
 * A conversation with the support account, as its ChatRoom hands it off: the desk's word on it
 * (./desk-link.ts) and what the visitor is told of it, which listener may write as the support
 * account and when one has joined, the desk's private notes, and the visitor's messages that put it
 * in the queue. The room asks this module first whether it is a support conversation at all; in any
 * other, nothing here does anything.
 */
export class SupportSide {
  private readonly desk: DeskLink;
  private readonly notes: DeskNotes;
  private readonly holder: HolderNotices;
  /** The desk's answer to the visitor's last message that asked it something (settled, never rejected). */
  private answer: Promise<void> = Promise.resolve();

  constructor(
    meta: Meta,
    sql: SqlStorage,
    private readonly members: RoomMembers,
    private readonly log: MessageLog,
    private readonly sockets: RoomSockets,
  ) {
    this.desk = new DeskLink(meta);
    this.notes = new DeskNotes(sql);
    this.holder = new HolderNotices({
      members,
      log,
      visitorId: () => (this.isSupportRoom() ? members.other(supportUserId()) : undefined),
      desk: () => {
        const status = this.desk.status();
        return { version: status?.version ?? 0, holder: status?.state === "assigned" ? status.listenerId : null };
      },
      crisisFlagged: () => this.desk.crisisFlagged(),
      waitUntil: sockets.waitUntil,
    });
  }

  /** Whether this is a conversation with the support account, which the desk answers. */
  isSupportRoom(): boolean {
    return this.members.members()?.includes(supportUserId()) ?? false;
  }

  /** Whether `userId` is the support account in a support conversation. */
  isSupportAccount(userId: string): boolean {
    return userId === supportUserId() && this.isSupportRoom();
  }

  /** Whether `userId` is a support conversation's visitor: the member who is not the support account. */
  isVisitor(userId: string): boolean {
    return userId !== supportUserId() && this.isSupportRoom();
  }

  /**
   * Whose inboxes a message updates: both members, but never the support account's for a support
   * conversation: with thousands of them its one inbox would take an update from each.
   */
  inboxMembers(members: readonly [string, string]): readonly string[] {
    return this.isSupportRoom() ? members.filter((member) => member !== supportUserId()) : members;
  }

  /** What a listener's send is admitted on (./send-admission.ts); null for anyone else's. */
  deskAssignment(userId: string, deskRole: "listener" | "admin" | undefined): { assigned: boolean } | null {
    return deskRole ? { assigned: this.desk.mayWrite(userId) } : null;
  }

  /** What the visitor is told of the desk: its events only as long as the messages around them are kept. */
  visitorFrame() {
    return this.desk.visitorFrame(Date.now() - MESSAGE_RETENTION_MS);
  }

  /**
   * A visitor's socket opened: it hears where the conversation stands on the desk; before the desk
   * has said anything, whether anyone is available at all (never a silent room).
   */
  tellVisitor(socket: WebSocket): void {
    const frame = this.visitorFrame();
    if (frame) {
      this.sockets.send(socket, frame);
      return;
    }
    const asked = supportDesk()
      .listenersAvailable()
      .then((listenersAvailable) => {
        // The desk may have spoken meanwhile: its word wins.
        this.sockets.send(socket, this.visitorFrame() ?? idleDeskStatus(listenersAvailable));
      })
      .catch((error) => console.error(JSON.stringify({ at: "chat-room.desk-availability", error: String(error) })));
    this.sockets.waitUntil(asked);
  }

  /** A listener opened the conversation or wrote in it: the desk hears once that they joined. */
  listenerHere(listenerId: string): void {
    const pairId = this.members.pairId();
    if (!pairId || !this.desk.mayWrite(listenerId) || this.desk.openedBy(listenerId)) return;
    const told = supportDesk()
      // The room's time, taken before their message is stored: the join comes before the reply.
      .listenerOpened(pairId, listenerId, Date.now())
      .catch((error) => console.error(JSON.stringify({ at: "chat-room.desk-opened", pairId, error: String(error) })));
    this.sockets.waitUntil(told);
  }

  /** A listener's message was stored: the desk hears of the opening's first reply. */
  listenerReplied(listenerId: string, at: number): void {
    const pairId = this.members.pairId();
    if (!pairId) return;
    const told = this.desk.listenerReplied({ pairId, listenerId, at });
    if (told) this.sockets.waitUntil(told);
  }

  /**
   * How long the conversation has been quiet, for the desk's inactivity clock: when its newest
   * message was written and whether the support account wrote it (null: no messages).
   */
  quiet(): { at: number; supportSpokeLast: boolean } | null {
    const newest = this.log.newest();
    return newest ? { at: newest.timestamp, supportSpokeLast: newest.sender_id === supportUserId() } : null;
  }

  /**
   * The visitor's message was stored: the desk hears if nobody holds the conversation, and answers
   * where it stands now, so their first message is followed by their place at once.
   */
  visitorWrote(message: ChatMessage, country: string | null, language: string | null): void {
    const pairId = this.members.pairId();
    if (!pairId) return;
    const call = this.desk.visitorWrote({
      pairId,
      visitorId: message.senderId,
      visitorName: message.senderName,
      text: message.text,
      at: message.timestamp,
      country,
      language,
    });
    if (!call) return;
    this.answer = call
      .then((update) => (update ? this.deskChanged(update) : undefined))
      .catch((error) => console.error(JSON.stringify({ at: "chat-room.desk-answer", pairId, error: String(error) })));
    this.sockets.waitUntil(this.answer);
  }

  /**
   * A message was stored (the visitor's or a reply): the listener holding the conversation hears at
   * once, in their own inbox, whether the visitor now waits for them.
   */
  messageStored(): void {
    const status = this.desk.status();
    if (status?.state === "assigned" && status.listenerId && this.isSupportRoom()) this.holder.tell(status.listenerId);
  }

  /** Settles once the desk answered the visitor's last message (a page posting its form waits for it). */
  answered(): Promise<void> {
    return this.answer;
  }

  /**
   * The desk's word on this support conversation: kept, told to the visitor's sockets
   * (never who answers), and when it changes hands (taken, transferred, handed back, resolved)
   * every listener's socket but the new holder's closes; a listener may open a queued one again.
   */
  async deskChanged(update: DeskRoomUpdate): Promise<void> {
    // The desk names the pair: a room no member has opened yet learns whose it is.
    if (!this.members.claim(update.pairId) || !this.isSupportRoom()) return;
    const before = JSON.stringify(this.visitorFrame());
    const holderBefore = this.desk.status()?.listenerId ?? null;
    if (!this.desk.apply(update)) return;
    if (update.state === "idle") this.desk.resetOpeningIfIdle();
    const visitor = this.members.other(supportUserId());
    const frame = this.visitorFrame();
    // Only what the visitor would read differently is sent (a place told again is not).
    if (visitor && frame && JSON.stringify(frame) !== before) {
      for (const ws of this.sockets.openOf(visitor)) this.sockets.send(ws, frame);
    }
    // Only when it changes hands: a place in line moving closes nobody's page.
    if (holderBefore === update.listenerId) return;
    // The one who held it and the one who holds it now each learn it from their own inbox.
    if (holderBefore) this.holder.tell(holderBefore);
    if (update.listenerId) this.holder.tell(update.listenerId);
    const desks = this.sockets.desks();
    // Given to a listener who has it open already (taken from its page): they are here.
    const holder = update.listenerId;
    if (holder && desks.some(({ ws, userId }) => userId === holder && ws.readyState === WebSocket.OPEN)) {
      this.listenerHere(holder);
    }
    for (const { ws, userId, deskRole } of desks) {
      if (deskRole !== "listener" || userId === holder) continue;
      try {
        ws.close(DESK_LISTENER_CLOSE.code, DESK_LISTENER_CLOSE.reason);
      } catch {
        // Already closing.
      }
    }
  }

  /**
   * When the visitor's oldest unanswered message was written (null: the support account spoke
   * last, or nothing was said): a listener's conversations go back to the queue in that order.
   */
  waitingSince(): number | null {
    const visitor = this.members.other(supportUserId());
    return visitor ? this.log.firstUnansweredFrom(visitor) : null;
  }

  /** A private note for the desk: stored here, never sent over this room's sockets. */
  addNote(note: Pick<DeskNote, "authorName" | "kind" | "text">): DeskNote {
    if (!this.isSupportRoom()) throw new Error("Not a support conversation");
    return this.notes.add(note, Date.now());
  }

  /** The desk's private notes, for the desk's pages only. */
  listNotes(): DeskNote[] {
    return this.notes.list();
  }
}

function supportUserId(): string {
  return getConfig().public.supportUserId;
}
