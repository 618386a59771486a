import { parsePairId } from "~/shared/pair-id";
import type { Presence } from "~/shared/schemas/chat-protocol";
import { CHAT_MESSAGES } from "~/shared/schemas/chat-protocol";
import type { ChatSummary, HeldConversation, InboxFrame } from "~/shared/schemas/inbox-protocol";
import type { SessionEndReason } from "~/shared/session-end";
import type { SessionEnd } from "../auth/end-sessions";
import { leaveSupportLineIfSignedOut } from "../auth/left-support-line";
import { activityTime } from "../auth/session";
import { createDb } from "../db/client";
import { chatRoom } from "../objects/room-service";
import { sqlMigration } from "../sockets/migrations";
import { SocketObject } from "../sockets/socket-object";
import { endedSessionResponse, type SessionCheck, type SocketSession } from "../sockets/socket-session";
import { notAnUpgradeResponse, vouchedUpgrade } from "../sockets/upgrade-headers";
import { CONVERSATION_LIST_TABLES, ConversationList, type MessageNotice } from "./conversation-list";
import { HELD_CONVERSATIONS_TABLE, HeldConversations, type HeldNotice } from "./held-conversations";
import { IdleDeadline } from "./idle-deadline";
import { scheduleAlarm } from "./inbox-alarm";
import { readInboxFrame } from "./inbox-frame";
import { OFFLINE_EMAIL_TABLES, OfflineEmail } from "./offline-email";
import { type InboxSocket, PresenceKeeper } from "./presence";
import { SESSION_SOCKETS_TABLES, SessionSockets } from "./session-sockets";

/**
 * The inbox's schema steps, in order, only ever appended (worker/sockets/migrations.ts). Inboxes
 * stored before steps were counted had all these tables already: the steps find them and change nothing.
 */
const INBOX_MIGRATIONS = [
  sqlMigration(CONVERSATION_LIST_TABLES),
  sqlMigration(OFFLINE_EMAIL_TABLES),
  sqlMigration(SESSION_SOCKETS_TABLES),
  sqlMigration(HELD_CONVERSATIONS_TABLE),
];

/**
 * One user's inbox (docs/architecture.md, "Scaling"): their conversation list and unread badge, their
 * app-wide sockets, their sessions, presence and idle deadline, the offline email, and for a listener
 * the support conversations they hold (who waits for their reply). A
 * conversation's room updates it with the newest message once per run of messages (about every two
 * seconds while a conversation keeps going; worker/chat/owed-inbox-updates.ts) and when the user
 * reads; pages read it. This class receives the calls and frames and hands each to the module
 * whose job it is.
 */
export class UserInbox extends SocketObject<InboxSocket, InboxFrame> {
  private readonly chats = new ConversationList(this.sql);
  private readonly held = new HeldConversations(this.sql);
  private readonly emails = new OfflineEmail(this.sql);
  private readonly sessions = new SessionSockets(this.sql, this.meta);
  private readonly seen = new PresenceKeeper(
    this.ctx,
    this.meta,
    () => createDb(this.env.DB),
    () => this.owner(),
  );
  private readonly idle = new IdleDeadline(
    this.meta,
    () => createDb(this.env.DB),
    (sessionIds, now) => this.endIdleSessions({ reason: "inactivity", sessionIds, everySession: true }, now),
  );

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, INBOX_MIGRATIONS);
  }

  /** The user's app-wide socket, forwarded by the Worker after its checks. */
  override async fetch(request: Request): Promise<Response> {
    const upgrade = vouchedUpgrade(request);
    if (!upgrade) return notAnUpgradeResponse();
    const { userId, session } = upgrade;
    const owner = this.owner();
    if (owner && owner !== userId) return new Response("Not your inbox", { status: 403 });
    if (!owner) this.meta.setIfAbsent("owner", userId);
    const ended = this.sessions.endedReasonFor(session);
    if (ended) return endedSessionResponse(ended);

    const now = Date.now();
    const { socket, response } = this.acceptSocket({ ...session, connectedAt: now });
    this.idle.raise(session.idleDeadline);
    this.send(socket, this.chats.snapshot());
    if (this.held.any()) this.send(socket, this.heldFrame());
    await this.seen.set(true);
    await this.scheduleAlarm(now);
    return response;
  }

  /**
   * "ping" is answered by the runtime without waking us. A page sends 'delivered' (it received a
   * new-message event, which the conversation's room shows its sender) and its activity heartbeat.
   */
  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const frame = readInboxFrame(data);
    const attachment = this.attachment(ws) ?? {};
    // A session already idle past its deadline ends here, before its heartbeat could count.
    if (!(await this.frameAllowed(ws, attachment, (session) => this.confirmSession(session)))) return;
    if (!frame) return this.send(ws, { type: "error", message: CHAT_MESSAGES.badFrame });
    if (frame.type === "activity") {
      // The heartbeat as a frame: no request of its own, nothing written to D1. It never
      // revives a session past its deadline: that ends here, every socket with it.
      const serverNow = Date.now();
      if ((await this.idle.live(this.owner(), serverNow)) === null) return;
      const lastActivity = this.idle.recordActivity(activityTime(frame.idleMs, serverNow));
      return this.send(ws, { type: "activity", lastActivity, serverNow });
    }
    const owner = this.owner();
    // Only a conversation this inbox knows of, so a page cannot wake arbitrary rooms.
    if (!owner || !this.chats.holds(frame.pairId, frame.seq) || !parsePairId(frame.pairId)?.includes(owner)) return;
    await chatRoom(frame.pairId).markDelivered(owner, frame.seq);
  }

  protected override async socketClosed(ws: WebSocket): Promise<void> {
    await this.markOfflineIfNoSockets(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.markOfflineIfNoSockets(ws);
  }

  /**
   * One alarm for three duties: closing sockets that stopped pinging (a vanished device counts as
   * offline within a minute), ending the sessions of a user idle past the deadline while their
   * sockets are open (nobody need be looking), and the offline emails.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.seen.closeSilent(this.openSockets(), now);
    await this.markOfflineIfNoSockets();
    if (this.hasSockets() && (this.idle.current() ?? 0) <= now) await this.idle.live(this.owner(), now);
    await this.emails.sendDue(now, createDb(this.env.DB), this.owner(), {
      unread: (contactId) => this.chats.isUnread(contactId),
      away: () => this.openSockets().length === 0,
    });
    await this.scheduleAlarm(now);
  }

  // --- Sessions (docs/decisions/044-ending-a-session-ends-its-sockets-everywhere.md) ----------

  /**
   * A session ended: every socket opened with it closes (the inbox's own at once, each room's
   * through the room), and an upgrade checked before the end is refused when it arrives.
   * Resolves when every socket it covers has been closed.
   */
  async endSessions(end: SessionEnd, now = Date.now()): Promise<void> {
    this.sessions.remember(end, now);
    this.closeEndedSessions(end, this.ctx.getWebSockets());
    await this.sessions.closeInRooms(end, this.owner());
    await this.markOfflineIfNoSockets();
    await this.scheduleAlarm(now);
  }

  /** Idle too long: every session ends, and a visitor waiting in the support line has left it. */
  private async endIdleSessions(end: SessionEnd, now: number): Promise<void> {
    await this.endSessions(end, now);
    const owner = this.owner();
    if (owner) await leaveSupportLineIfSignedOut(createDb(this.env.DB), owner, end);
  }

  /**
   * A conversation's room is about to accept a socket of this user: refused (with the reason) when
   * its session has ended; otherwise the room is remembered, so ending the session reaches it.
   */
  async admitSocket(pairId: string, session: SocketSession): Promise<SessionEndReason | null> {
    const ended = this.sessions.endedReasonFor(session);
    if (ended) return ended;
    this.sessions.enteredRoom(pairId);
    this.idle.raise(session.idleDeadline);
    await this.scheduleAlarm();
    return null;
  }

  /** The user has no socket left in a conversation's room. */
  async roomClosed(pairId: string): Promise<void> {
    this.sessions.leftRoom(pairId);
    // A conversation page was open until now: unless another page still is, that is when this user
    // was last seen (also when it closed before its page's own inbox socket had connected).
    if (this.openSockets().length === 0) await this.seen.write(false, Date.now());
    await this.scheduleAlarm();
  }

  /**
   * Whether a session still lives: asked for every signed-in request (worker/auth/session.ts) and
   * when a socket's frame arrives after its idle deadline. Answers its idle deadline if it does.
   */
  async confirmSession(
    session: Pick<SocketSession, "sessionId" | "startedAt">,
    now = Date.now(),
  ): Promise<SessionCheck> {
    const ended = this.sessions.endedReasonFor(session);
    if (ended) return { live: false, reason: ended };
    const idleDeadline = await this.idle.live(this.owner(), now);
    return idleDeadline === null ? { live: false, reason: "inactivity" } : { live: true, idleDeadline };
  }

  /** Activity on one of the user's pages (a sign-in, the heartbeat while no inbox socket is open). */
  async recordActivity(lastActivity: number): Promise<number> {
    return this.idle.recordActivity(lastActivity);
  }

  // --- Presence (docs/decisions/075-presence-comes-from-the-inbox-sockets.md) ------------------

  /** What others see of this user (the conversation header): online, else when last seen. */
  async presence(): Promise<Presence> {
    return this.seen.current(this.openSockets(), Date.now());
  }

  /** Offline once no page has a socket open; nothing is written for a user who was not online. */
  private async markOfflineIfNoSockets(closing?: WebSocket) {
    if (this.openSockets().every((ws) => ws === closing)) await this.seen.set(false);
  }

  // --- The conversation list (spec section 9) -------------------------------------------------------

  /** A message was stored in one of this user's conversations (the room's owed update). */
  async recordMessage(notice: MessageNotice): Promise<void> {
    // A blocked contact's message, or one this list already shows (a room's repeat after a restart).
    if (!this.chats.record(notice)) return;
    // The sender's own message: everything before it is read, and no email is owed for it.
    if (!notice.unread) this.emails.dropReadUpTo(notice.contactId, notice.seq);
    const now = Date.now();
    if (this.openSockets().length === 0) {
      // Nobody to tell now: the email instead, for the recipient.
      if (notice.unread && this.emails.queue(notice, now)) await this.scheduleAlarm(now);
      return;
    }
    this.broadcast(this.chats.snapshot());
    if (notice.unread) {
      const { contactId, contactName, preview, pairId, seq } = notice;
      this.broadcast({ type: "new-message", contactId, contactName, preview, pairId, seq });
    }
  }

  /** This user read a conversation up to a seq: no email is owed for it any more. */
  async recordRead(contactId: string, upToSeq: number): Promise<void> {
    const cleared = this.chats.markRead(contactId, upToSeq);
    this.emails.dropReadUpTo(contactId, upToSeq);
    if (cleared) this.pushSnapshot();
  }

  /** Messages up to a seq were deleted (7-day retention): the list never shows a deleted message. */
  async forgetMessagesUpTo(contactId: string, upToSeq: number): Promise<void> {
    if (this.chats.forgetUpTo(contactId, upToSeq)) this.pushSnapshot();
  }

  /**
   * This user blocked a contact, or lifted the block (worker/safety/blocks.ts). While it
   * lasts the conversation is left out of the list and the badge, and no email is owed for it;
   * unblocking brings the conversation back as it was.
   */
  async setBlocked(contactId: string, blocked: boolean): Promise<void> {
    this.chats.setBlocked(contactId, blocked);
    if (blocked) this.emails.dropFor(contactId);
    this.pushSnapshot();
  }

  async list(): Promise<ChatSummary[]> {
    return this.chats.list();
  }

  async unreadCount(): Promise<number> {
    return this.chats.unreadCount();
  }

  /**
   * What every page's header shows of the user's own: the unread badge, and whether they are a
   * listener (the account menu's link to the support desk). The role lives in D1, which decides
   * every desk access; this copy only saves each page view a D1 read.
   */
  async headerFacts(): Promise<{ unreadCount: number; listener: boolean }> {
    return { unreadCount: this.chats.unreadCount(), listener: this.meta.get("listener") === "1" };
  }

  /** The admin granted (or removed) the listener role: the header's copy of it (worker/desk/listeners.ts). */
  async setListener(listener: boolean): Promise<void> {
    if (listener) this.meta.set("listener", "1");
    else this.meta.delete("listener");
  }

  // --- The support conversations this listener holds (./held-conversations.ts) --------------------

  /**
   * A room of a support conversation this user holds (or held until now) stored a message, or the
   * conversation changed hands: every open page of theirs hears the new list at once.
   */
  async heldConversationChanged(notice: HeldNotice): Promise<void> {
    if (this.held.record(notice, Date.now()) && this.openSockets().length > 0) this.broadcast(this.heldFrame());
  }

  /** The support conversations this user holds, for a desk page's first paint. */
  async heldConversations(): Promise<HeldConversation[]> {
    return this.held.list();
  }

  private heldFrame(): InboxFrame {
    return { type: "held", conversations: this.held.list() };
  }

  // --- Sockets and the alarm --------------------------------------------------------------------------

  /** The next duty's time: a socket's ping deadline, the idle deadline while sockets are open, an email. */
  private async scheduleAlarm(now = Date.now()): Promise<void> {
    const due = this.seen.pingDeadlines(this.openSockets());
    const idle = this.idle.current();
    if (idle !== null && this.hasSockets()) due.push(idle + 1);
    const email = this.emails.nextDue();
    if (email !== null) due.push(email);
    await scheduleAlarm(this.ctx.storage, due, now);
  }

  /** Sockets of this user anywhere: the inbox's own, or in a conversation's room. */
  private hasSockets(): boolean {
    return this.openSockets().length > 0 || this.sessions.inAnyRoom();
  }

  /** Whose inbox this is: recorded at the first socket, else the name it is addressed by (the user id). */
  private owner(): string | null {
    return this.meta.get("owner") ?? this.ctx.id.name ?? null;
  }

  private pushSnapshot() {
    if (this.openSockets().length > 0) this.broadcast(this.chats.snapshot());
  }
}
