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

/** The room's schema, in order; steps are only appended (worker/sockets/migrations.ts). */
const ROOM_MIGRATIONS = [
  MESSAGES_TABLE,
  MEMBERS_TABLE,
  BLOCKS_TABLE,
  INBOX_OUTBOX_TABLE,
  MEMBERS_DELIVERED_COLUMN,
  DESK_NOTES_TABLE,
];

/**
 * One conversation, addressed by pairId (docs/architecture.md, "Scaling"). It is the single writer of that
 * conversation: every message gets a strictly increasing seq, is stored before it is acknowledged
 * or broadcast, is de-duplicated by its sender's temp- id, and a reconnecting client receives
 * exactly what it missed. Sockets are hibernatable; who they belong to is in their attachment.
 * This class takes each event (an upgrade, a frame, a call, the alarm) and hands the work to the
 * modules beside it, one job each.
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

  /** WebSocket upgrade, forwarded by the Worker after it checked session, origin and membership. */
  override async fetch(request: Request): Promise<Response> {
    const upgrade = vouchedUpgrade(request);
    const room = roomUpgradeFrom(request.headers);
    if (!upgrade || !room) return notAnUpgradeResponse();
    const { userId, session } = upgrade;
    const { userName, pairId, closedAtGate, deskRole, deskOpened, visitorCountry, visitorLanguage } = room;
    // A listener speaks as the support account, in a support conversation only.
    const speakerId = deskRole ? getConfig().public.supportUserId : userId;
    // Defence in depth: this room serves one pair, and only its two members.
    const members = parsePairId(pairId);
    if (!members?.includes(speakerId) || !this.parts.members.claim(pairId)) {
      return new Response("Not a member of this conversation", { status: 403 });
    }
    this.parts.positions.addMembers(members);
    this.parts.members.rememberName(speakerId, userName);
    const desk = deskRole ? { speakerId, deskRole } : {};
    // The user's inbox remembers this room, so ending the session closes this socket too; a session
    // that ended while the upgrade was on its way is refused here.
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
    // A block closes the conversation for sending, never for reading its history: the
    // Worker's answer from D1 or the room's own copy of the blocks.
    if (closedAtGate || this.parts.blocks.isClosed()) {
      // Told at once, before the history it asks for: it reads, it cannot write, and nobody's
      // presence travels (docs/decisions/091-the-blocked-person-is-told-neutrally.md).
      this.send(socket, blockedFrame());
    } else {
      // Someone with the conversation open is online: the other member's header hears it at once.
      this.broadcast(openedFrame(speakerId), { tag: userId });
    }
    // The listener the desk gave it to has opened it: only now has a listener joined (the desk
    // already knows when it counted the opening as it let the socket in). A visitor hears where the
    // conversation stands on the desk.
    if (deskRole && !deskOpened) this.parts.support.listenerHere(userId);
    else if (this.parts.support.isVisitor(userId)) this.parts.support.tellVisitor(socket);
    return response;
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const identity = this.attachment(ws);
    if (!identity) return ws.close(CLOSE_CODES.unknownSocket, "Unknown socket");
    // A socket whose session ended sends nothing more; past its idle deadline the member's inbox
    // says whether the session still lives (activity elsewhere moves the deadline).
    const { userId } = identity;
    if (!(await this.frameAllowed(ws, identity, (session) => userInbox(userId).confirmSession(session)))) return;
    const speaker = speakerOf(identity);
    // A block closed the conversation: its history is still answered, nothing is sent or stored,
    // and nothing of either member (typing, presence, receipts) reaches the other.
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

  /** The user's last socket here: their inbox no longer needs to reach this room when a session ends. */
  protected override socketClosed(ws: WebSocket): void {
    const identity = this.attachment(ws);
    if (identity) this.parts.admissions.leaveIfGone(identity.userId, ws);
  }

  /**
   * A session of a member ended (sign-out, password reset, inactivity, suspension): its sockets here
   * are closed, and nothing they send afterwards is processed. Answers how many of the member's
   * sockets remain open here.
   */
  async endSessions(userId: string, end: SessionEnd): Promise<number> {
    this.closeEndedSessions(end, this.openSockets(userId));
    return this.openSockets(userId).length;
  }

  /**
   * A member blocked the other, or lifted a block (worker/safety/blocks.ts). A block
   * closes the conversation for both: every open socket is told so and stays open to read the
   * history, and nothing more is stored, delivered or sent to the inboxes until it is
   * lifted. Lifting it closes the sockets in a way pages reconnect after, to find it open again.
   */
  async setBlocked(blockerId: string, blockedId: string, blocked: boolean): Promise<void> {
    if (!this.parts.members.claim(pairIdFor(blockerId, blockedId))) throw new Error("Not this room's members");
    const closed = this.parts.blocks.set(blockerId, blockedId, blocked);
    if (blocked) {
      // Nothing more goes to the inboxes while the conversation is closed.
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
    // A resend of a message already stored is acknowledged with its seq (the client retries safely).
    if ("existing" in outcome) this.send(ws, { type: "ack", clientId: frame.clientId, ...outcome.existing });
    if ("refused" in outcome) this.send(ws, outcome.refused);
  }

  /** A conversation's page, rendered on the server (./room-pages.ts). */
  async pageView(read: PageRead): Promise<ConversationView | null> {
    return readPage(this.parts, read);
  }

  /** A message posted with a page's form, handed to the room like a socket's send (./room-pages.ts). */
  async sendFromPage(post: PagePost): Promise<PageSendOutcome> {
    return postFromPage(this.parts, post);
  }

  /**
   * A message just stored, as one frame serialized once: the sender's socket gets it first, and
   * that copy is its acknowledgement (store, then acknowledge, then broadcast); then every other
   * open socket, the sender's other devices included
   * (docs/decisions/059-a-new-messages-own-frame-is-its-senders-acknowledgement.md).
   */
  private announce(sender: WebSocket, message: ChatMessage) {
    const payload = JSON.stringify({ type: "message", message } satisfies ServerFrame);
    this.sendPayload(sender, payload);
    this.broadcastPayload(payload, { socket: sender });
  }

  /**
   * A member's device received the conversation up to a seq, as a new-message event on any page
   * (their UserInbox passes that on). The other member sees 'Delivered', unless a block closed it.
   */
  markDelivered(userId: string, upToSeq: number): void {
    this.parts.receipts.delivered(userId, upToSeq, this.parts.blocks.isClosed());
  }

  override async alarm(): Promise<void> {
    await this.parts.duties.onAlarm();
  }

  /** The 7-day purge: by the alarm, and by the cron's sweep as a backstop. */
  async purgeExpired(now: number): Promise<{ messages: number; images: number }> {
    return this.parts.duties.purge(now);
  }

  /** The desk's word on this support conversation (./support-side.ts). */
  async deskChanged(update: DeskRoomUpdate): Promise<void> {
    await this.parts.support.deskChanged(update);
  }

  /** When the visitor's oldest unanswered message was written (null: none waits an answer). */
  async deskWaitingSince(): Promise<number | null> {
    return this.parts.support.waitingSince();
  }

  /** A private note for the desk: stored here, never sent over this room's sockets. */
  async addDeskNote(note: Pick<DeskNote, "authorName" | "kind" | "text">): Promise<DeskNote> {
    return this.parts.support.addNote(note);
  }

  /** How long the conversation has been quiet, for the desk's inactivity clock. */
  async deskQuiet(): Promise<{ at: number; supportSpokeLast: boolean } | null> {
    return this.parts.support.quiet();
  }

  /** The desk's private notes, for the desk's pages only. */
  async deskNotes(): Promise<DeskNote[]> {
    return this.parts.support.listNotes();
  }

  /** The sockets listeners (or the admin) opened from the desk. */
  private deskSockets() {
    return this.ctx.getWebSockets().flatMap((ws) => {
      const socket = this.attachment(ws);
      return socket?.deskRole ? [{ ws, userId: socket.userId, deskRole: socket.deskRole }] : [];
    });
  }

  /**
   * A message a member received, for their report: only the other member's messages,
   * and only while they are kept. Null for anything else.
   */
  async receivedMessage(reporterId: string, seq: number): Promise<ChatMessage | null> {
    if (!this.parts.members.members()?.includes(reporterId)) return null;
    return this.parts.log.receivedBy(reporterId, seq);
  }
}
