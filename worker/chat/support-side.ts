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

export type RoomSockets = {
  openOf(userId: string): WebSocket[];
  desks(): { ws: WebSocket; userId: string; deskRole: "listener" | "admin" }[];
  send(ws: WebSocket, frame: ServerFrame): void;
  waitUntil(promise: Promise<unknown>): void;
};

/** In any conversation but one with the support account, nothing here does anything. */
export class SupportSide {
  private readonly desk: DeskLink;
  private readonly notes: DeskNotes;
  private readonly holder: HolderNotices;
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

  isSupportRoom(): boolean {
    return this.members.members()?.includes(supportUserId()) ?? false;
  }

  isSupportAccount(userId: string): boolean {
    return userId === supportUserId() && this.isSupportRoom();
  }

  isVisitor(userId: string): boolean {
    return userId !== supportUserId() && this.isSupportRoom();
  }

  /**
   * Never the support account's for a support conversation: its one inbox would take an update from
   * each of thousands.
   */
  inboxMembers(members: readonly [string, string]): readonly string[] {
    return this.isSupportRoom() ? members.filter((member) => member !== supportUserId()) : members;
  }

  deskAssignment(userId: string, deskRole: "listener" | "admin" | undefined): { assigned: boolean } | null {
    return deskRole ? { assigned: this.desk.mayWrite(userId) } : null;
  }

  /** Its events only as long as the messages around them are kept. */
  visitorFrame() {
    return this.desk.visitorFrame(Date.now() - MESSAGE_RETENTION_MS);
  }

  /** Before the desk has said anything, whether anyone is available at all: never a silent room. */
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

  listenerHere(listenerId: string): void {
    const pairId = this.members.pairId();
    if (!pairId || !this.desk.mayWrite(listenerId) || this.desk.openedBy(listenerId)) return;
    const told = supportDesk()
      // Taken before their message is stored: the join comes before the reply.
      .listenerOpened(pairId, listenerId, Date.now())
      .catch((error) => console.error(JSON.stringify({ at: "chat-room.desk-opened", pairId, error: String(error) })));
    this.sockets.waitUntil(told);
  }

  listenerReplied(listenerId: string, at: number): void {
    const pairId = this.members.pairId();
    if (!pairId) return;
    const told = this.desk.listenerReplied({ pairId, listenerId, at });
    if (told) this.sockets.waitUntil(told);
  }

  quiet(): { at: number; supportSpokeLast: boolean } | null {
    const newest = this.log.newest();
    return newest ? { at: newest.timestamp, supportSpokeLast: newest.sender_id === supportUserId() } : null;
  }

  /** Answers where it stands, so their first message is followed by their place at once. */
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

  messageStored(): void {
    const status = this.desk.status();
    if (status?.state === "assigned" && status.listenerId && this.isSupportRoom()) this.holder.tell(status.listenerId);
  }

  answered(): Promise<void> {
    return this.answer;
  }

  /** Never who answers; when it changes hands every listener's socket but the new holder's closes. */
  async deskChanged(update: DeskRoomUpdate): Promise<void> {
    // The desk names the pair: a room no member has opened yet learns whose it is.
    if (!this.members.claim(update.pairId) || !this.isSupportRoom()) return;
    const before = JSON.stringify(this.visitorFrame());
    const holderBefore = this.desk.status()?.listenerId ?? null;
    if (!this.desk.apply(update)) return;
    if (update.state === "idle") this.desk.resetOpeningIfIdle();
    const visitor = this.members.other(supportUserId());
    const frame = this.visitorFrame();
    if (visitor && frame && JSON.stringify(frame) !== before) {
      for (const ws of this.sockets.openOf(visitor)) this.sockets.send(ws, frame);
    }
    if (holderBefore === update.listenerId) return;
    if (holderBefore) this.holder.tell(holderBefore);
    if (update.listenerId) this.holder.tell(update.listenerId);
    const desks = this.sockets.desks();
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

  /** A listener's conversations go back to the queue in this order. */
  waitingSince(): number | null {
    const visitor = this.members.other(supportUserId());
    return visitor ? this.log.firstUnansweredFrom(visitor) : null;
  }

  addNote(note: Pick<DeskNote, "authorName" | "kind" | "text">): DeskNote {
    if (!this.isSupportRoom()) throw new Error("Not a support conversation");
    return this.notes.add(note, Date.now());
  }

  listNotes(): DeskNote[] {
    return this.notes.list();
  }
}

function supportUserId(): string {
  return getConfig().public.supportUserId;
}
