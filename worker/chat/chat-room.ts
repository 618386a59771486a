import type { ConversationView } from "~/shared/conversation-page";
import type { DeskNote } from "~/shared/desk";
import { pairIdFor, parsePairId } from "~/shared/pair-id";
import type { ChatMessage, SendFrame, ServerFrame } from "~/shared/schemas/chat-protocol";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import type { SessionEnd } from "../auth/end-sessions";
import { getConfig } from "../config";
import { userInbox } from "../objects/inbox-service";
import { SocketObject } from "../sockets/socket-object";
import { endedSessionResponse } from "../sockets/socket-session";
import { notAnUpgradeResponse, vouchedUpgrade } from "../sockets/upgrade-headers";
import { readClientFrame } from "./client-frame";
import { blockedFrame, REOPENED_CLOSE } from "./closed-conversation";
import type { DeskRoomUpdate } from "./desk-link";
import { DESK_NOTES_TABLE } from "./desk-notes";
import { HISTORY_LIMITED_FRAME } from "./history-budget";
import { MESSAGES_TABLE } from "./message-log";
import { INBOX_OUTBOX_TABLE } from "./owed-inbox-updates";
import { openedFrame, presenceFrame } from "./presence-relay";
import { MEMBERS_DELIVERED_COLUMN, MEMBERS_TABLE } from "./read-positions";
import { BLOCKS_TABLE } from "./room-blocks";
import { type PagePost, type PageRead, type PageSendOutcome, postFromPage, readPage } from "./room-pages";
import { roomParts } from "./room-parts";
import { type RoomSocket, speakerOf } from "./room-socket";
import { roomUpgradeFrom } from "./room-upgrade-headers";
import { admitSend } from "./send-admission";

const ROOM_MIGRATIONS = [
  MESSAGES_TABLE,
  MEMBERS_TABLE,
  BLOCKS_TABLE,
  INBOX_OUTBOX_TABLE,
  MEMBERS_DELIVERED_COLUMN,
  DESK_NOTES_TABLE,
];

/**
 * The single writer of one conversation (docs/architecture.md, "Scaling"): strictly increasing seq,
 * stored before acknowledged or broadcast, de-duplicated by temp- id. The work lives in the modules beside it.
 */
export class ChatRoom extends SocketObject<RoomSocket, ServerFrame> {
  private readonly parts = roomParts(
    { ctx: this.ctx, env: this.env, meta: this.meta, sql: this.sql },
    {
      openSockets: (tag) => this.openSockets(tag),
      desks: () => this.deskSockets(),
      send: (ws, frame) => this.send(ws, frame),
      broadcast: (frame, except) => this.broadcast(frame, except),
      broadcastPayload: (payload) => this.broadcastPayload(payload),
    },
  );

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, ROOM_MIGRATIONS);
    ctx.blockConcurrencyWhile(() => this.parts.alarm.load());
  }

  /** Forwarded by the Worker after it checked session, origin and membership. */
  override async fetch(request: Request): Promise<Response> {
    const upgrade = vouchedUpgrade(request);
    const room = roomUpgradeFrom(request.headers);
    if (!upgrade || !room) return notAnUpgradeResponse();
    const { userId, session } = upgrade;
    const { userName, pairId, closedAtGate, deskRole, deskOpened, visitorCountry, visitorLanguage } = room;
    // A listener speaks as the support account, in a support conversation only.
    const speakerId = deskRole ? getConfig().public.supportUserId : userId;
    const members = parsePairId(pairId);
    if (!members?.includes(speakerId) || !this.parts.members.claim(pairId)) {
      return new Response("Not a member of this conversation", { status: 403 });
    }
    this.parts.positions.addMembers(members);
    this.parts.members.rememberName(speakerId, userName);
    const desk = deskRole ? { speakerId, deskRole } : {};
    // A session that ended while the upgrade was on its way is refused here.
    const admitted = await this.parts.admissions.admit(userId, pairId, session, () =>
      this.acceptSocket(
        {
          userId,
          userName,
          ...session,
          ...desk,
          ...(closedAtGate ? { closedAtGate: true } : {}),
          ...(visitorCountry && !deskRole ? { country: visitorCountry } : {}),
          ...(visitorLanguage && !deskRole ? { language: visitorLanguage } : {}),
        },
        [userId],
      ),
    );
    if ("ended" in admitted) return endedSessionResponse(admitted.ended);
    const { socket, response } = admitted.opened;
    // A block closes the conversation for sending, never for reading its history.
    if (closedAtGate || this.parts.blocks.isClosed()) {
      // Told before the history, and nobody's presence travels
      // (docs/decisions/091-the-blocked-person-is-told-neutrally.md).
      this.send(socket, blockedFrame());
    } else {
      this.broadcast(openedFrame(speakerId), { tag: userId });
    }
    // The desk already counted this opening when it let the socket in.
    if (deskRole && !deskOpened) this.parts.support.listenerHere(userId);
    else if (this.parts.support.isVisitor(userId)) this.parts.support.tellVisitor(socket);
    return response;
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const identity = this.attachment(ws);
    if (!identity) return ws.close(CLOSE_CODES.unknownSocket, "Unknown socket");
    // Past its idle deadline the member's inbox says whether the session still lives.
    const { userId } = identity;
    if (!(await this.frameAllowed(ws, identity, (session) => userInbox(userId).confirmSession(session)))) return;
    const speaker = speakerOf(identity);
    // Nothing of either member (typing, presence, receipts) reaches the other.
    const closed = identity.closedAtGate === true || this.parts.blocks.isClosed();
    const { frame, refusal } = readClientFrame(data);
    if (refusal) return this.send(ws, refusal);
    switch (frame.type) {
      case "send": {
        const desk = this.parts.support.deskAssignment(userId, identity.deskRole);
        const refused = admitSend({ closed, desk }, frame.clientId);
        return refused ? this.send(ws, refused) : this.handleSend(ws, identity, frame);
      }
      case "resume":
        // Refused, not queued: the page asks again after HISTORY_RETRY_MS, and a flood costs no pages.
        if (!this.parts.historyBudget.take(ws)) return this.send(ws, HISTORY_LIMITED_FRAME);
        this.send(ws, this.parts.log.resumePage(frame.afterSeq));
        for (const receipt of this.parts.receipts.framesFor(speaker)) this.send(ws, receipt);
        return;
      case "read": {
        const recorded = this.parts.receipts.read(speaker, frame.upToSeq, closed);
        if (recorded) this.ctx.waitUntil(recorded);
        return;
      }
      case "delivered":
        return this.parts.receipts.delivered(speaker, frame.upToSeq, closed);
      case "typing":
        if (!closed) this.broadcast({ type: "typing", userId: speaker, typing: frame.typing }, { tag: userId });
        return;
      case "presence": {
        const other = this.parts.members.other(speaker);
        if (!closed && other) this.send(ws, await presenceFrame(other));
      }
    }
  }

  protected override socketClosed(ws: WebSocket): void {
    const identity = this.attachment(ws);
    if (identity) this.parts.admissions.leaveIfGone(identity.userId, ws);
  }

  async endSessions(userId: string, end: SessionEnd): Promise<number> {
    this.closeEndedSessions(end, this.openSockets(userId));
    return this.openSockets(userId).length;
  }

  /**
   * A block closes the conversation for both; sockets stay open to read the history. Lifting it
   * closes them in a way pages reconnect after, to find it open again.
   */
  async setBlocked(blockerId: string, blockedId: string, blocked: boolean): Promise<void> {
    if (!this.parts.members.claim(pairIdFor(blockerId, blockedId))) throw new Error("Not this room's members");
    const closed = this.parts.blocks.set(blockerId, blockedId, blocked);
    if (blocked) {
      this.parts.outbox.clear();
      return this.broadcast(blockedFrame());
    }
    // Unless the other member's block still closes it.
    if (!closed) this.closeSockets(REOPENED_CLOSE.code, REOPENED_CLOSE.reason);
  }

  private async handleSend(ws: WebSocket, sender: RoomSocket, frame: SendFrame) {
    const { userId, userName } = sender;
    const outcome = await this.parts.intake.accept(
      {
        speakerId: speakerOf(sender),
        userId,
        userName,
        fromDesk: sender.deskRole !== undefined,
        country: sender.country ?? null,
        language: sender.language ?? null,
      },
      frame,
      (message) => this.announce(ws, message),
    );
    if ("existing" in outcome) this.send(ws, { type: "ack", clientId: frame.clientId, ...outcome.existing });
    if ("refused" in outcome) this.send(ws, outcome.refused);
  }

  async pageView(read: PageRead): Promise<ConversationView | null> {
    return readPage(this.parts, read);
  }

  async sendFromPage(post: PagePost): Promise<PageSendOutcome> {
    return postFromPage(this.parts, post);
  }

  /**
   * The sender's copy is its acknowledgement, sent first; then every other open socket
   * (docs/decisions/059-a-new-messages-own-frame-is-its-senders-acknowledgement.md).
   */
  private announce(sender: WebSocket, message: ChatMessage) {
    const payload = JSON.stringify({ type: "message", message } satisfies ServerFrame);
    this.sendPayload(sender, payload);
    this.broadcastPayload(payload, { socket: sender });
  }

  markDelivered(userId: string, upToSeq: number): void {
    this.parts.receipts.delivered(userId, upToSeq, this.parts.blocks.isClosed());
  }

  override async alarm(): Promise<void> {
    await this.parts.duties.onAlarm();
  }

  /** By the alarm, and by the cron's sweep as a backstop. */
  async purgeExpired(now: number): Promise<{ messages: number; images: number }> {
    return this.parts.duties.purge(now);
  }

  async deskChanged(update: DeskRoomUpdate): Promise<void> {
    await this.parts.support.deskChanged(update);
  }

  async deskWaitingSince(): Promise<number | null> {
    return this.parts.support.waitingSince();
  }

  async addDeskNote(note: Pick<DeskNote, "authorName" | "kind" | "text">): Promise<DeskNote> {
    return this.parts.support.addNote(note);
  }

  async deskQuiet(): Promise<{ at: number; supportSpokeLast: boolean } | null> {
    return this.parts.support.quiet();
  }

  async deskNotes(): Promise<DeskNote[]> {
    return this.parts.support.listNotes();
  }

  private deskSockets() {
    return this.ctx.getWebSockets().flatMap((ws) => {
      const socket = this.attachment(ws);
      return socket?.deskRole ? [{ ws, userId: socket.userId, deskRole: socket.deskRole }] : [];
    });
  }

  /** For a report: only the other member's messages, and only while they are kept. */
  async receivedMessage(reporterId: string, seq: number): Promise<ChatMessage | null> {
    if (!this.parts.members.members()?.includes(reporterId)) return null;
    return this.parts.log.receivedBy(reporterId, seq);
  }
}
