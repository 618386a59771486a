import { type ConversationView, EMPTY_CONVERSATION_VIEW, RENDERED_MESSAGES } from "~/shared/conversation-page";
import type { DeskNote } from "~/shared/desk";
import { pairIdFor, parsePairId } from "~/shared/pair-id";
import { CHAT_MESSAGES, type ChatMessage, type SendFrame, type ServerFrame } from "~/shared/schemas/chat-protocol";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import type { SessionEnd } from "../auth/end-sessions";
import { getConfig } from "../config";
import { supportDesk } from "../objects/desk-service";
import { userInbox } from "../objects/inbox-service";
import { SocketAdmissions } from "../sockets/socket-admissions";
import { SocketObject } from "../sockets/socket-object";
import { endedSessionResponse, type SocketSession } from "../sockets/socket-session";
import { notAnUpgradeResponse, vouchedUpgrade } from "../sockets/upgrade-headers";
import { readClientFrame, readSendFrame } from "./client-frame";
import { blockedFrame, REOPENED_CLOSE } from "./closed-conversation";
import { isStoredConversationImage } from "./conversation-images";
import { DESK_LISTENER_CLOSE, DeskLink, type DeskRoomUpdate } from "./desk-link";
import { DESK_NOTES_TABLE, DeskNotes } from "./desk-notes";
import { HistoryBudget } from "./history-budget";
import { deliverNewest } from "./inbox-notice";
import { MESSAGES_TABLE, MessageLog } from "./message-log";
import { MESSAGE_RETENTION_MS, purgeExpired, retentionDue } from "./message-retention";
import { INBOX_OUTBOX_TABLE, OwedInboxUpdates } from "./owed-inbox-updates";
import { openedFrame, presenceFrame } from "./presence-relay";
import { MEMBERS_DELIVERED_COLUMN, MEMBERS_TABLE, ReadPositions } from "./read-positions";
import { RoomAlarm } from "./room-alarm";
import { BLOCKS_TABLE, RoomBlocks } from "./room-blocks";
import { RoomMembers } from "./room-members";
import { roomUpgradeFrom } from "./room-upgrade-headers";
import { admitSend } from "./send-admission";
import { SendBudget } from "./send-budget";
import { SESSION_NOTICE_FRAME, SessionNotice } from "./session-notice";

/**
 * Who a socket belongs to, and the session it was opened with; `closedAtGate` when the
 * Worker found the conversation closed by a block in D1 as it opened (read-only for its lifetime).
 * A listener's socket on the desk is theirs (`userId`: their session, their inbox) but
 * speaks as the support account (`speakerId`, `userName`); `deskRole` says whether it is the admin.
 */
type SocketIdentity = {
  userId: string;
  userName: string;
  closedAtGate?: true;
  speakerId?: string;
  deskRole?: "listener" | "admin";
} & SocketSession;

/** Who a socket speaks as in the conversation: the support account for a listener, else its user. */
const speakerOf = (identity: SocketIdentity) => identity.speakerId ?? identity.userId;

type ErrorFrame = Extract<ServerFrame, { type: "error" }>;

/**
 * A conversation's page read without its socket, after the Worker's checks: the room
 * checks again that the reader is a member.
 */
export type PageRead = {
  pairId: string;
  /** Whose side the page shows: the member's, or the support account's for a listener on the desk. */
  speakerId: string;
  /** The page of messages before this seq (null: the newest). */
  beforeSeq: number | null;
  /** A person's own document request: it reads what it shows, as the socket's read frame does. */
  markRead: boolean;
  /** D1's word that a block closes the conversation (the room's own copy is the other source). */
  closedAtGate: boolean;
};

/** A message posted with a page's form, after the Worker's checks of the session and the image. */
export type PagePost = {
  pairId: string;
  /** The account that posts: the member, or the listener writing as the support account. */
  userId: string;
  /** The sender's name on the message (the support account's, for a listener). */
  userName: string;
  deskRole?: "listener" | "admin";
  clientId: string;
  text: string;
  imageUrl: string | null;
  closedAtGate: boolean;
};

/** What became of a posted message: stored (or found already stored, for a form sent twice), or refused. */
export type PageSendOutcome =
  | { ok: true; seq: number; duplicate: boolean }
  | { ok: false; code: ErrorFrame["code"] | "not_a_member"; message: string };

/** What became of a send, for whichever transport brought it. */
type SendOutcome = { stored: ChatMessage } | { existing: { seq: number; timestamp: number } } | { refused: ErrorFrame };

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
export class ChatRoom extends SocketObject<SocketIdentity, ServerFrame> {
  private readonly members = new RoomMembers(this.meta, this.env.DB);
  private readonly log = new MessageLog(this.sql);
  private readonly positions = new ReadPositions(this.sql);
  private readonly blocks = new RoomBlocks(this.sql);
  private readonly session = new SessionNotice(this.meta);
  private readonly sendBudget = new SendBudget();
  private readonly historyBudget = new HistoryBudget();
  private readonly desk = new DeskLink(this.meta);
  /** The desk's answer to the visitor's last message that asked it something (settled, never rejected). */
  private deskAnswer: Promise<void> = Promise.resolve();
  private readonly notes = new DeskNotes(this.sql);
  private readonly nextAlarm = new RoomAlarm(this.ctx);
  private readonly admissions = new SocketAdmissions({
    pairId: () => this.members.pairId(),
    openSockets: (userId) => this.openSockets(userId),
    waitUntil: (promise) => this.ctx.waitUntil(promise),
  });
  /** The inbox updates owed to the members (a row per member, written with the message). */
  private readonly outbox = new OwedInboxUpdates(this.sql, {
    deliver: (member) => deliverNewest({ log: this.log, members: this.members, positions: this.positions }, member),
    latestSeq: () => this.log.latestSeq(),
  });

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, ROOM_MIGRATIONS);
    ctx.blockConcurrencyWhile(() => this.nextAlarm.load());
  }

  /** WebSocket upgrade, forwarded by the Worker after it checked session, origin and membership. */
  override async fetch(request: Request): Promise<Response> {
    const upgrade = vouchedUpgrade(request);
    const room = roomUpgradeFrom(request.headers);
    if (!upgrade || !room) return notAnUpgradeResponse();
    const { userId, session } = upgrade;
    const { userName, pairId, closedAtGate, deskRole } = room;
    // A listener speaks as the support account, in a support conversation only.
    const speakerId = deskRole ? getConfig().public.supportUserId : userId;
    // Defence in depth: this room serves one pair, and only its two members.
    const members = parsePairId(pairId);
    if (!members?.includes(speakerId) || !this.members.claim(pairId)) {
      return new Response("Not a member of this conversation", { status: 403 });
    }
    this.positions.addMembers(members);
    this.members.rememberName(speakerId, userName);
    const desk = deskRole ? { speakerId, deskRole } : {};
    // The user's inbox remembers this room, so ending the session closes this socket too; a session
    // that ended while the upgrade was on its way is refused here.
    const admitted = await this.admissions.admit(userId, pairId, session, () =>
      this.acceptSocket({ userId, userName, ...session, ...desk, ...(closedAtGate ? { closedAtGate: true } : {}) }, [
        userId,
      ]),
    );
    if ("ended" in admitted) return endedSessionResponse(admitted.ended);
    const { socket, response } = admitted.opened;
    // A block closes the conversation for sending, never for reading its history: the
    // Worker's answer from D1 or the room's own copy of the blocks.
    if (closedAtGate || this.blocks.isClosed()) {
      // Told at once, before the history it asks for: it reads, it cannot write, and nobody's
      // presence travels (docs/decisions/091-the-blocked-person-is-told-neutrally.md).
      this.send(socket, blockedFrame());
    } else {
      // Someone with the conversation open is online: the other member's header hears it at once.
      this.broadcast(openedFrame(speakerId), { tag: userId });
    }
    if (!deskRole && this.isSupportRoom() && userId !== getConfig().public.supportUserId) this.tellVisitor(socket);
    // The listener the desk gave it to has opened it: only now has a listener joined.
    if (deskRole) this.listenerHere(userId);
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
    const closed = identity.closedAtGate === true || this.blocks.isClosed();
    const { frame, refusal } = readClientFrame(data);
    if (refusal) return this.send(ws, refusal);
    switch (frame.type) {
      case "send": {
        const desk = identity.deskRole ? { assigned: this.desk.mayWrite(userId) } : null;
        const refused = admitSend({ closed, desk }, frame.clientId);
        return refused ? this.send(ws, refused) : this.handleSend(ws, identity, frame);
      }
      case "resume":
        // Refused, not queued: the page asks again after HISTORY_RETRY_MS, and a flood costs no pages.
        if (!this.historyBudget.take(ws)) return this.send(ws, HISTORY_LIMITED_FRAME);
        this.send(ws, this.log.resumePage(frame.afterSeq));
        return this.sendReceipts(ws, speaker);
      case "read": {
        const recorded = this.markRead(speaker, frame.upToSeq, closed);
        if (recorded) this.ctx.waitUntil(recorded);
        return;
      }
      case "delivered":
        return this.markDelivered(speaker, frame.upToSeq, closed);
      case "typing":
        if (!closed) this.broadcast({ type: "typing", userId: speaker, typing: frame.typing }, { tag: userId });
        return;
      case "presence": {
        const other = this.members.other(speaker);
        if (!closed && other) this.send(ws, await presenceFrame(other));
      }
    }
  }

  /** The user's last socket here: their inbox no longer needs to reach this room when a session ends. */
  protected override socketClosed(ws: WebSocket): void {
    const identity = this.attachment(ws);
    if (identity) this.admissions.leaveIfGone(identity.userId, ws);
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
    if (!this.members.claim(pairIdFor(blockerId, blockedId))) throw new Error("Not this room's members");
    const closed = this.blocks.set(blockerId, blockedId, blocked);
    if (blocked) {
      // Nothing more goes to the inboxes while the conversation is closed.
      this.outbox.clear();
      return this.broadcast(blockedFrame());
    }
    // Unless the other member's block still closes it.
    if (!closed) this.closeSockets(REOPENED_CLOSE.code, REOPENED_CLOSE.reason);
  }

  private async handleSend(ws: WebSocket, sender: SocketIdentity, frame: SendFrame) {
    const { userId, userName } = sender;
    const outcome = await this.acceptSend({ speakerId: speakerOf(sender), userId, userName }, frame, (message) =>
      this.announce(ws, message),
    );
    // A resend of a message already stored is acknowledged with its seq (the client retries safely).
    if ("existing" in outcome) this.send(ws, { type: "ack", clientId: frame.clientId, ...outcome.existing });
    if ("refused" in outcome) this.send(ws, outcome.refused);
  }

  /**
   * A send, from a socket or a page's form: the image must be a stored upload of this
   * conversation, the sender within the rate limit, and a temp- id already stored finds its message.
   * A new message is stored, `announce`d, and read by sending (./read-positions.ts).
   */
  private async acceptSend(
    sender: { speakerId: string; userId: string; userName: string },
    frame: SendFrame,
    announce: (message: ChatMessage) => void,
  ): Promise<SendOutcome> {
    // Checked with the room held, so the messages sent after it still arrive in order.
    const { imageUrl } = frame;
    const stored = (url: string) => isStoredConversationImage(this.env.IMAGES, this.members.pairId(), url);
    if (imageUrl && !(await this.ctx.blockConcurrencyWhile(() => stored(imageUrl)))) {
      return {
        refused: { type: "error", code: "bad_image", message: CHAT_MESSAGES.notYourImage, clientId: frame.clientId },
      };
    }
    const { speakerId } = sender;
    // A listener who writes has opened the conversation, with or without its live page.
    if (speakerId !== sender.userId) this.listenerHere(sender.userId);
    const message = this.sendBudget.take(speakerId)
      ? this.store({ userId: speakerId, userName: sender.userName }, frame)
      : null;
    if (message) {
      announce(message);
      const other = this.members.other(speakerId);
      if (other && this.positions.readBySending(speakerId, message.seq, this.log.newestSeqOf(other))) {
        this.broadcast({ type: "read", userId: speakerId, upToSeq: message.seq }, { tag: sender.userId });
      }
      return { stored: message };
    }
    // A temp- id already stored answers with its message's seq, even while the sender is over the
    // rate limit: the client (or a form sent twice) retries safely.
    const existing = this.log.stored(speakerId, frame.clientId);
    if (existing) return { existing };
    return {
      refused: { type: "error", code: "rate_limited", message: CHAT_MESSAGES.rateLimited, clientId: frame.clientId },
    };
  }

  /**
   * A conversation's page, rendered on the server: its newest messages, the other
   * member's receipts, the session notice while it stands and, for a visitor, the desk's word. Null
   * for someone who is not a member. Reading writes nothing, unless the request is a person's own
   * view of the page (`markRead`), which reads what it shows like the socket's read frame
   * (docs/decisions/071-a-persons-own-view-of-a-conversation-reads-it.md).
   */
  async pageView(read: PageRead): Promise<ConversationView | null> {
    const members = parsePairId(read.pairId);
    const known = this.members.pairId();
    if (!members?.includes(read.speakerId) || (known !== null && known !== read.pairId)) return null;
    // A room nobody has opened or written in holds nothing yet (and is not named by a read).
    if (known === null) return EMPTY_CONVERSATION_VIEW;
    const { speakerId } = read;
    const page = this.log.recentPage(read.beforeSeq, RENDERED_MESSAGES);
    const other = this.members.other(speakerId);
    const { read: readSeq, delivered: deliveredSeq } = other ? this.positions.of(other) : { read: 0, delivered: 0 };
    const visitor = this.isSupportRoom() && speakerId !== getConfig().public.supportUserId;
    const newest = page.messages.at(-1)?.seq ?? 0;
    if (read.markRead && newest > 0) {
      this.positions.addMembers(members);
      // Waited for: the page's header counts unread after this (app/routes/chat/chat-screen.tsx).
      await this.markRead(speakerId, newest, read.closedAtGate || this.blocks.isClosed())?.catch((error) => {
        // The page shows all the same; the list catches up with the next read.
        console.error(JSON.stringify({ at: "chat-room.page-read", error: String(error) }));
      });
    }
    return {
      ...page,
      receipts: { readSeq, deliveredSeq },
      sessionNotice: this.session.stands(this.log.newestMessageAt(), Date.now()) ? CHAT_MESSAGES.sessionNotice : null,
      desk: visitor ? this.deskFrame() : null,
    };
  }

  /**
   * A message posted with a page's form, handed to the room like a socket's send: the
   * same checks (membership, a block either way, the desk's assignment for a listener, the message's
   * rules, the image, the rate limit), the same seq, the same broadcast to every open socket, inbox
   * updates, emails and desk hand-off; and the same de-duplication by temp- id, so a form posted
   * twice stores one message.
   */
  async sendFromPage(post: PagePost): Promise<PageSendOutcome> {
    const speakerId = post.deskRole ? getConfig().public.supportUserId : post.userId;
    const members = parsePairId(post.pairId);
    if (!members?.includes(speakerId) || !this.members.claim(post.pairId)) {
      return { ok: false, code: "not_a_member", message: CHAT_MESSAGES.notAMember };
    }
    const { frame, refusal } = readSendFrame({ clientId: post.clientId, text: post.text, imageUrl: post.imageUrl });
    if (refusal) return refusedBy(refusal);
    const closed = post.closedAtGate || this.blocks.isClosed();
    const refused = admitSend({ closed, desk: post.deskRole ? { assigned: this.desk.mayWrite(post.userId) } : null });
    if (refused) return refusedBy(refused);
    this.positions.addMembers(members);
    this.members.rememberName(speakerId, post.userName);
    const payload = (message: ChatMessage) => JSON.stringify({ type: "message", message } satisfies ServerFrame);
    const outcome = await this.acceptSend(
      { speakerId, userId: post.userId, userName: post.userName },
      frame,
      (message) => this.broadcastPayload(payload(message)),
    );
    if ("stored" in outcome) {
      // Without scripts the page shows the desk's answer only if it is here before the redirect.
      await this.deskAnswer;
      return { ok: true, seq: outcome.stored.seq, duplicate: false };
    }
    if ("existing" in outcome) return { ok: true, seq: outcome.existing.seq, duplicate: true };
    return refusedBy(outcome.refused);
  }

  /**
   * Stores a new message with everything that must happen in the same synchronous step (the inbox
   * updates it makes owed, the session it may start), or answers null for a clientId already stored
   * (and gives back the send token it took).
   */
  private store(sender: { userId: string; userName: string }, frame: SendFrame): ChatMessage | null {
    const previousLast = this.log.newestMessageAt();
    const message = this.log.append(sender, frame, Date.now());
    if (!message) {
      this.sendBudget.giveBack(sender.userId);
      return null;
    }
    // Owed to both inboxes from the moment the message exists: written in the same step, so a
    // restart between here and the delivery cannot lose it. Most messages find both owed already.
    const members = this.members.members();
    if (members && this.outbox.owe(this.inboxMembers(members), message.seq, message.timestamp)) {
      this.nextAlarm.bringForward(this.outbox.alarmDue(message.timestamp));
    }
    // A support conversation's visitor wrote: the desk hears if nobody holds it.
    const pairId = this.members.pairId();
    if (pairId && this.isSupportRoom() && sender.userId !== getConfig().public.supportUserId) {
      const call = this.desk.visitorWrote({
        pairId,
        visitorId: sender.userId,
        visitorName: sender.userName,
        text: message.text,
        at: message.timestamp,
      });
      // The desk answers where the conversation stands now, so the visitor's first message is
      // followed by their place at once (a page posting its form waits for it: deskAnswer).
      if (call) {
        this.deskAnswer = call
          .then((update) => (update ? this.deskChanged(update) : undefined))
          .catch((error) =>
            console.error(JSON.stringify({ at: "chat-room.desk-answer", pairId, error: String(error) })),
          );
        this.ctx.waitUntil(this.deskAnswer);
      }
    }
    // The other duties' due times move only with the first message (retention) or a new session.
    const sessionStarted = this.session.startIfIdle(previousLast, message.timestamp);
    if (previousLast === null || sessionStarted) this.ctx.waitUntil(this.scheduleAlarm());
    return message;
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
   * A member's device received the conversation up to a seq: over this room's socket, or as a
   * new-message event on any page (its UserInbox passes that on). The other member sees 'Delivered',
   * unless a block closed the conversation.
   */
  markDelivered(userId: string, upToSeq: number, closed = this.blocks.isClosed()) {
    const seq = Math.min(upToSeq, this.log.latestSeq());
    if (this.positions.markDelivered(userId, seq) && !closed) {
      this.broadcast({ type: "delivered", userId, upToSeq: seq }, { tag: userId });
    }
  }

  /**
   * A member read up to a seq: the other member hears it unless `closed`, and their own list clears
   * it (the call to their inbox is answered, for the caller to wait for or not; null: none needed).
   */
  private markRead(userId: string, upToSeq: number, closed: boolean): Promise<void> | null {
    const seq = Math.min(upToSeq, this.log.latestSeq());
    // Read implies delivered; the read frame tells the other member both.
    if (!this.positions.markRead(userId, seq)) return null;
    if (!closed) this.broadcast({ type: "read", userId, upToSeq: seq }, { tag: userId });
    const contactId = this.members.other(userId);
    // The support account's inbox does not list its conversations (the desk does).
    if (!contactId || this.isSupportSide(userId)) return null;
    return userInbox(userId).recordRead(contactId, seq);
  }

  /** Where the other member has got to, for a socket that just (re)connected. */
  private sendReceipts(ws: WebSocket, userId: string) {
    const other = this.members.other(userId);
    if (other) for (const frame of this.positions.receiptsOf(other)) this.send(ws, frame);
  }

  /**
   * Sets the alarm for whichever of its duties is due first: the owed inbox updates' backstop, the
   * session notice, the 7-day purge. (A message that makes an update owed only brings it forward.)
   */
  private scheduleAlarm(): Promise<void> {
    const due = [this.outbox.alarmDue(Date.now()), this.session.due(), retentionDue(this.log)];
    return this.nextAlarm.setForEarliest(due);
  }

  override async alarm(): Promise<void> {
    // This alarm is spent; whatever is due later is scheduled again below.
    this.nextAlarm.fired();
    const now = Date.now();
    await this.outbox.onAlarm(now);
    if (this.session.give(now)) this.broadcast(SESSION_NOTICE_FRAME);
    const retention = retentionDue(this.log);
    if (retention !== null && retention <= now) await this.purgeExpired(now);
    await this.scheduleAlarm();
  }

  /** The 7-day purge (./message-retention.ts): by the alarm, and by the cron's sweep as a backstop. */
  async purgeExpired(now: number): Promise<{ messages: number; images: number }> {
    const purged = await purgeExpired({ log: this.log, members: this.members, env: this.env }, now);
    await this.scheduleAlarm();
    return purged;
  }

  /**
   * The desk's word on this support conversation: kept, told to the visitor's sockets
   * (never who answers), and when it changes hands (taken, transferred, handed back, resolved)
   * every listener's socket but the new holder's closes; a listener may open a queued one again.
   */
  async deskChanged(update: DeskRoomUpdate): Promise<void> {
    // The desk names the pair: a room no member has opened yet learns whose it is.
    if (!this.members.claim(update.pairId) || !this.isSupportRoom()) return;
    const before = JSON.stringify(this.deskFrame());
    const holderBefore = this.desk.status()?.listenerId ?? null;
    if (!this.desk.apply(update)) return;
    if (update.state === "idle") this.desk.resetCrisisIfIdle();
    const visitor = this.visitorId();
    const frame = this.deskFrame();
    // Only what the visitor would read differently is sent (a place told again is not).
    if (visitor && frame && JSON.stringify(frame) !== before) {
      for (const ws of this.openSockets(visitor)) this.send(ws, frame);
    }
    // Only when it changes hands: a place in line moving closes nobody's page.
    if (holderBefore === update.listenerId) return;
    // Given to a listener who has it open already (taken from its page): they are here.
    if (update.listenerId && this.openSockets(update.listenerId).some((ws) => this.attachment(ws)?.deskRole)) {
      this.listenerHere(update.listenerId);
    }
    for (const ws of this.ctx.getWebSockets()) {
      const identity = this.attachment(ws);
      if (identity?.deskRole !== "listener" || identity.userId === update.listenerId) continue;
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
  async deskWaitingSince(): Promise<number | null> {
    const visitor = this.visitorId();
    return visitor ? this.log.firstUnansweredFrom(visitor) : null;
  }

  /** A private note for the desk: stored here, never sent over a socket. */
  async addDeskNote(note: Pick<DeskNote, "authorName" | "kind" | "text">): Promise<void> {
    if (!this.isSupportRoom()) throw new Error("Not a support conversation");
    this.notes.add(note, Date.now());
  }

  /** The desk's private notes, for the desk's pages only. */
  async deskNotes(): Promise<DeskNote[]> {
    return this.notes.list();
  }

  /** What the visitor is told of the desk: its events only as long as the messages around them are kept. */
  private deskFrame() {
    return this.desk.visitorFrame(Date.now() - MESSAGE_RETENTION_MS);
  }

  /** A listener opened the conversation or wrote in it: the desk hears once that they joined. */
  private listenerHere(listenerId: string): void {
    const pairId = this.members.pairId();
    if (!pairId || !this.desk.mayWrite(listenerId) || this.desk.openedBy(listenerId)) return;
    const told = supportDesk()
      // The room's time, taken before their message is stored: the join comes before the reply.
      .listenerOpened(pairId, listenerId, Date.now())
      .catch((error) => console.error(JSON.stringify({ at: "chat-room.desk-opened", pairId, error: String(error) })));
    this.ctx.waitUntil(told);
  }

  /** Whether this is a conversation with the support account, which the desk answers. */
  private isSupportRoom(): boolean {
    return this.members.members()?.includes(getConfig().public.supportUserId) ?? false;
  }

  /** Whether `userId` is the support account in a support conversation. */
  private isSupportSide(userId: string): boolean {
    return userId === getConfig().public.supportUserId && this.isSupportRoom();
  }

  /** A support conversation's visitor: the member who is not the support account. */
  private visitorId(): string | undefined {
    return this.members.other(getConfig().public.supportUserId);
  }

  /**
   * Whose inboxes a message updates: both members, but never the support account's for a support
   * conversation: with thousands of them its one inbox would take an update from each.
   */
  private inboxMembers(members: readonly [string, string]): readonly string[] {
    return this.isSupportRoom() ? members.filter((member) => member !== getConfig().public.supportUserId) : members;
  }

  /**
   * A visitor's socket opened: it hears where the conversation stands on the desk; before the desk
   * has said anything, whether anyone is available at all (never a silent room).
   */
  private tellVisitor(socket: WebSocket): void {
    const frame = this.deskFrame();
    if (frame) {
      this.send(socket, frame);
      return;
    }
    const asked = supportDesk()
      .listenersAvailable()
      .then((listenersAvailable) => {
        // The desk may have spoken meanwhile: its word wins.
        this.send(
          socket,
          this.deskFrame() ?? {
            type: "desk",
            state: "idle",
            position: null,
            listenersAvailable,
            opened: false,
            events: [],
          },
        );
      })
      .catch((error) => console.error(JSON.stringify({ at: "chat-room.desk-availability", error: String(error) })));
    this.ctx.waitUntil(asked);
  }

  /**
   * A message a member received, for their report: only the other member's messages,
   * and only while they are kept. Null for anything else.
   */
  async receivedMessage(reporterId: string, seq: number): Promise<ChatMessage | null> {
    if (!this.members.members()?.includes(reporterId)) return null;
    return this.log.receivedBy(reporterId, seq);
  }
}

/** The answer to a history request over the socket's budget (./history-budget.ts). */
const HISTORY_LIMITED_FRAME: ServerFrame = {
  type: "error",
  code: "history_limited",
  message: CHAT_MESSAGES.historyLimited,
};

/** A refusal frame as a page's send answers it. */
function refusedBy(frame: ServerFrame): PageSendOutcome {
  if (frame.type !== "error") throw new Error(`not a refusal: ${frame.type}`);
  return { ok: false, code: frame.code, message: frame.message };
}
