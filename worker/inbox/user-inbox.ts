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

/** Inboxes stored before steps were counted have these tables already: the steps change nothing. */
const INBOX_MIGRATIONS = [
  sqlMigration(CONVERSATION_LIST_TABLES),
  sqlMigration(OFFLINE_EMAIL_TABLES),
  sqlMigration(SESSION_SOCKETS_TABLES),
  sqlMigration(HELD_CONVERSATIONS_TABLE),
];

/** docs/architecture.md, "Scaling". A room updates it about every two seconds while a conversation keeps going. */
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

  /** "ping" is answered by the runtime without waking us. */
  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const frame = readInboxFrame(data);
    const attachment = this.attachment(ws) ?? {};
    // Before its heartbeat could count.
    if (!(await this.frameAllowed(ws, attachment, (session) => this.confirmSession(session)))) return;
    if (!frame) return this.send(ws, { type: "error", message: CHAT_MESSAGES.badFrame });
    if (frame.type === "activity") {
      // It never revives a session past its deadline.
      const serverNow = Date.now();
      if ((await this.idle.live(this.owner(), serverNow)) === null) return;
      const lastActivity = this.idle.recordActivity(activityTime(frame.idleMs, serverNow));
      return this.send(ws, { type: "activity", lastActivity, serverNow });
    }
    const owner = this.owner();
    // So a page cannot wake arbitrary rooms.
    if (!owner || !this.chats.holds(frame.pairId, frame.seq) || !parsePairId(frame.pairId)?.includes(owner)) return;
    await chatRoom(frame.pairId).markDelivered(owner, frame.seq);
  }

  protected override async socketClosed(ws: WebSocket): Promise<void> {
    await this.markOfflineIfNoSockets(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.markOfflineIfNoSockets(ws);
  }

  /** Sessions of an idle user end even while nobody is looking. */
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

  /** Resolves when every socket it covers has been closed. */
  async endSessions(end: SessionEnd, now = Date.now()): Promise<void> {
    this.sessions.remember(end, now);
    this.closeEndedSessions(end, this.ctx.getWebSockets());
    await this.sessions.closeInRooms(end, this.owner());
    await this.markOfflineIfNoSockets();
    await this.scheduleAlarm(now);
  }

  private async endIdleSessions(end: SessionEnd, now: number): Promise<void> {
    await this.endSessions(end, now);
    const owner = this.owner();
    if (owner) await leaveSupportLineIfSignedOut(createDb(this.env.DB), owner, end);
  }

  /** Remembered, so ending the session reaches the room. */
  async admitSocket(pairId: string, session: SocketSession): Promise<SessionEndReason | null> {
    const ended = this.sessions.endedReasonFor(session);
    if (ended) return ended;
    this.sessions.enteredRoom(pairId);
    this.idle.raise(session.idleDeadline);
    await this.scheduleAlarm();
    return null;
  }

  async roomClosed(pairId: string): Promise<void> {
    this.sessions.leftRoom(pairId);
    // Also when the room closed before its page's own inbox socket had connected.
    if (this.openSockets().length === 0) await this.seen.write(false, Date.now());
    await this.scheduleAlarm();
  }

  /** Asked for every signed-in request and for a socket's frame after its idle deadline. */
  async confirmSession(
    session: Pick<SocketSession, "sessionId" | "startedAt">,
    now = Date.now(),
  ): Promise<SessionCheck> {
    const ended = this.sessions.endedReasonFor(session);
    if (ended) return { live: false, reason: ended };
    const idleDeadline = await this.idle.live(this.owner(), now);
    return idleDeadline === null ? { live: false, reason: "inactivity" } : { live: true, idleDeadline };
  }

  async recordActivity(lastActivity: number): Promise<number> {
    return this.idle.recordActivity(lastActivity);
  }

  async presence(): Promise<Presence> {
    return this.seen.current(this.openSockets(), Date.now());
  }

  private async markOfflineIfNoSockets(closing?: WebSocket) {
    if (this.openSockets().every((ws) => ws === closing)) await this.seen.set(false);
  }

  async recordMessage(notice: MessageNotice): Promise<void> {
    // A blocked contact's message, or a room's repeat after a restart.
    if (!this.chats.record(notice)) return;
    if (!notice.unread) this.emails.dropReadUpTo(notice.contactId, notice.seq);
    const now = Date.now();
    if (this.openSockets().length === 0) {
      if (notice.unread && this.emails.queue(notice, now)) await this.scheduleAlarm(now);
      return;
    }
    this.broadcast(this.chats.snapshot());
    if (notice.unread) {
      const { contactId, contactName, preview, pairId, seq } = notice;
      this.broadcast({ type: "new-message", contactId, contactName, preview, pairId, seq });
    }
  }

  async recordRead(contactId: string, upToSeq: number): Promise<void> {
    const cleared = this.chats.markRead(contactId, upToSeq);
    this.emails.dropReadUpTo(contactId, upToSeq);
    if (cleared) this.pushSnapshot();
  }

  /** The list never shows a deleted message. */
  async forgetMessagesUpTo(contactId: string, upToSeq: number): Promise<void> {
    if (this.chats.forgetUpTo(contactId, upToSeq)) this.pushSnapshot();
  }

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

  /** The role lives in D1, which decides every desk access; this copy saves each page view a D1 read. */
  async headerFacts(): Promise<{ unreadCount: number; listener: boolean }> {
    return { unreadCount: this.chats.unreadCount(), listener: this.meta.get("listener") === "1" };
  }

  async setListener(listener: boolean): Promise<void> {
    if (listener) this.meta.set("listener", "1");
    else this.meta.delete("listener");
  }

  async heldConversationChanged(notice: HeldNotice): Promise<void> {
    if (this.held.record(notice, Date.now()) && this.openSockets().length > 0) this.broadcast(this.heldFrame());
  }

  async heldConversations(): Promise<HeldConversation[]> {
    return this.held.list();
  }

  private heldFrame(): InboxFrame {
    return { type: "held", conversations: this.held.list() };
  }

  private async scheduleAlarm(now = Date.now()): Promise<void> {
    const due = this.seen.pingDeadlines(this.openSockets());
    const idle = this.idle.current();
    if (idle !== null && this.hasSockets()) due.push(idle + 1);
    const email = this.emails.nextDue();
    if (email !== null) due.push(email);
    await scheduleAlarm(this.ctx.storage, due, now);
  }

  private hasSockets(): boolean {
    return this.openSockets().length > 0 || this.sessions.inAnyRoom();
  }

  private owner(): string | null {
    return this.meta.get("owner") ?? this.ctx.id.name ?? null;
  }

  private pushSnapshot() {
    if (this.openSockets().length > 0) this.broadcast(this.chats.snapshot());
  }
}
