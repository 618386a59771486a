import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { SESSION_TIMEOUT_MS } from "~/shared/inactivity";
import { parsePairId } from "~/shared/pair-id";
import type { Presence } from "~/shared/schemas/chat-protocol";
import { CHAT_MESSAGES } from "~/shared/schemas/chat-protocol";
import {
  type ChatSummary,
  type InboxClientFrame,
  InboxClientFrameSchema,
  type InboxFrame,
} from "~/shared/schemas/inbox-protocol";
import { isSessionEndReason, type SessionEndReason } from "~/shared/session-end";
import type { SessionEnd } from "../auth/end-sessions";
import { activityTime, idleDeadlineOf, readLastActivity, writeIdleLogout } from "../auth/session";
import { chatRoom } from "../chat/room-service";
import { getConfig } from "../config";
import { createDb } from "../db/client";
import { users } from "../db/schema";
import { sendEmail } from "../email/send-email";
import { NEW_MESSAGE_TEMPLATE, NewMessageEmail, newMessageSubject } from "../email/templates/new-message-email";
import { completeClosingHandshake } from "../sockets/closing-handshake";
import { setSocketAttachment, socketAttachment } from "../sockets/socket-attachment";
import {
  closeEndedSocket,
  endCovers,
  endedSessionResponse,
  frameAllowed,
  type SessionCheck,
  type SocketSession,
} from "../sockets/socket-session";
import { notAnUpgradeResponse, vouchedUpgrade } from "../sockets/upgrade-headers";

export type { ChatSummary, InboxFrame };

/** What the room tells both members' inboxes after storing a message. */
export type MessageNotice = {
  pairId: string;
  contactId: string;
  contactName: string;
  seq: number;
  preview: string;
  timestamp: number;
  /** True in the recipient's inbox, false in the sender's. */
  unread: boolean;
};

/** A socket silent (no ping) for longer than this is dead, and its user counts as offline. */
export const PRESENCE_TIMEOUT_MS = 60_000;
/** An offline person gets at most one new-message email per conversation in this window. */
export const EMAIL_WINDOW_MS = 10 * 60 * 1000;
/** Time to read a message before the email goes out: a message read meanwhile sends none. */
export const EMAIL_GRACE_MS = 60_000;
/**
 * How long an ended session's id is remembered: long enough for a socket upgrade the Worker checked
 * just before the end to arrive and be refused (such races last milliseconds).
 */
const ENDED_SESSION_MEMORY_MS = 60 * 60 * 1000;
/** Alarms are never set closer than this, so a boundary case cannot make them fire in a loop. */
const MIN_ALARM_DELAY_MS = 250;

/** Summaries of contacts the user blocked are kept (unblocking restores them) but never shown. */
const NOT_BLOCKED = "contact_id NOT IN (SELECT contact_id FROM blocked_contacts)";

/** What an inbox socket carries: its session (issue 11), and when it connected (presence). */
type InboxSocket = Partial<SocketSession> & { connectedAt?: number };

type SummaryRow = {
  contact_id: string;
  contact_name: string;
  pair_id: string;
  last_message: string;
  last_message_time: number;
  last_seq: number;
  unread: number;
};

/**
 * One user's inbox (DESIGN.md "UserInbox"): a summary per conversation with its last message and
 * whether it is unread; the unread count behind the header badge. The ChatRoom writes to it after
 * every stored message and read; screens read it.
 */
export class UserInbox extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    ctx.blockConcurrencyWhile(async () => this.migrate());
  }

  /** The user's app-wide socket, forwarded by the Worker after its checks. */
  override async fetch(request: Request): Promise<Response> {
    const upgrade = vouchedUpgrade(request);
    if (!upgrade) return notAnUpgradeResponse();
    const { userId, session } = upgrade;
    const owner = this.owner();
    if (owner && owner !== userId) return new Response("Not your inbox", { status: 403 });
    if (!owner) this.ctx.storage.sql.exec("INSERT OR IGNORE INTO meta (key, value) VALUES ('owner', ?)", userId);
    const ended = this.endedReasonFor(session);
    if (ended) return endedSessionResponse(ended);

    const now = Date.now();
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    setSocketAttachment(server, { ...session, connectedAt: now } satisfies InboxSocket);
    this.raiseIdleDeadline(session.idleDeadline);
    server.send(JSON.stringify(await this.snapshot()));
    await this.setPresence(true);
    await this.scheduleAlarm(now);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * "ping" is answered by the runtime without waking us. A page sends 'delivered' (it received a
   * new-message event, which the conversation's room shows its sender) and its activity heartbeat.
   */
  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    let frame: InboxClientFrame | undefined;
    try {
      frame = InboxClientFrameSchema.safeParse(JSON.parse(typeof data === "string" ? data : "")).data;
    } catch {
      frame = undefined;
    }
    const attachment = socketAttachment<InboxSocket>(ws) ?? {};
    // A session already idle past its deadline ends here, before its heartbeat could count.
    if (!(await frameAllowed(ws, attachment, (session) => this.confirmSession(session)))) return;
    if (!frame) return ws.send(JSON.stringify({ type: "error", message: CHAT_MESSAGES.badFrame } satisfies InboxFrame));
    if (frame.type === "activity") return this.answerActivity(ws, frame.idleMs);
    const owner = this.owner();
    // Only a conversation this inbox knows of, so a page cannot wake arbitrary rooms.
    const known = this.ctx.storage.sql
      .exec("SELECT 1 FROM summaries WHERE pair_id = ? AND last_seq >= ?", frame.pairId, frame.seq)
      .toArray().length;
    if (!owner || known === 0 || !parsePairId(frame.pairId)?.includes(owner)) return;
    await chatRoom(frame.pairId).markDelivered(owner, frame.seq);
  }

  /** The heartbeat as a frame (issue 23): no request of its own, nothing written to D1. */
  private async answerActivity(ws: WebSocket, idleMs: number): Promise<void> {
    const serverNow = Date.now();
    // Activity never revives a session past its deadline: that ends here, every socket with it.
    if ((await this.liveIdleDeadline(serverNow)) === null) return;
    const lastActivity = await this.recordActivity(activityTime(idleMs, serverNow));
    ws.send(JSON.stringify({ type: "activity", lastActivity, serverNow } satisfies InboxFrame));
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    completeClosingHandshake(ws, code);
    await this.markOfflineIfNoSockets(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.markOfflineIfNoSockets(ws);
  }

  /**
   * One alarm for three duties: closing sockets that stopped pinging (a vanished device counts as
   * offline within a minute), ending the sessions of a user idle past the deadline while their
   * sockets are open (issue 11: nobody need be looking), and the offline emails.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    await this.sweepDeadSockets(now);
    if (this.hasSockets() && (this.idleDeadline() ?? 0) <= now) await this.liveIdleDeadline(now);
    await this.sendDueEmails(now);
    await this.scheduleAlarm(now);
  }

  async sweepDeadSockets(now: number): Promise<void> {
    for (const ws of this.openSockets()) {
      if (now - this.lastSign(ws) > PRESENCE_TIMEOUT_MS) ws.close(4000, "No ping for a minute");
    }
    await this.markOfflineIfNoSockets();
  }

  /** The next duty's time: a socket's ping deadline, the idle deadline while sockets are open, an email. */
  private async scheduleAlarm(now = Date.now()): Promise<void> {
    const due = this.openSockets().map((ws) => this.lastSign(ws) + PRESENCE_TIMEOUT_MS);
    const idle = this.idleDeadline();
    if (idle !== null && this.hasSockets()) due.push(idle + 1);
    const email = this.ctx.storage.sql
      .exec<{ t: number | null }>("SELECT min(due_at) AS t FROM pending_emails")
      .one().t;
    if (email !== null) due.push(email);
    const next = due.length === 0 ? null : Math.max(Math.min(...due), now + MIN_ALARM_DELAY_MS);
    const current = await this.ctx.storage.getAlarm();
    if (current === next) return;
    if (next === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(next);
  }

  /** Sockets of this user anywhere: the inbox's own, or in a conversation's room. */
  private hasSockets(): boolean {
    return (
      this.openSockets().length > 0 ||
      this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM rooms").one().n > 0
    );
  }

  // --- Sessions and sockets (issue 11; DESIGN.md "Session ↔ socket") -------------------------------

  /**
   * A session ended: every socket opened with it closes (the inbox's own at once, each room's
   * through the room), and an upgrade checked before the end is refused when it arrives.
   * Resolves when every socket it covers has been closed.
   */
  async endSessions(end: SessionEnd, now = Date.now()): Promise<void> {
    for (const sessionId of end.sessionIds) {
      this.ctx.storage.sql.exec(
        "INSERT OR REPLACE INTO ended_sessions (session_id, reason, ended_at) VALUES (?, ?, ?)",
        sessionId,
        end.reason,
        now,
      );
    }
    if (end.everySession) {
      this.setMeta("all_ended_at", String(now));
      this.setMeta("all_ended_reason", end.reason);
    }
    this.ctx.storage.sql.exec("DELETE FROM ended_sessions WHERE ended_at < ?", now - ENDED_SESSION_MEMORY_MS);

    for (const ws of this.ctx.getWebSockets()) {
      const session = socketAttachment<InboxSocket>(ws);
      if (!endCovers(end, session?.sessionId ? (session as SocketSession) : undefined) || session?.ended) continue;
      setSocketAttachment(ws, { ...session, ended: end.reason } satisfies InboxSocket);
      closeEndedSocket(ws, end.reason);
    }
    const owner = this.owner();
    const rooms = this.ctx.storage.sql.exec<{ pair_id: string }>("SELECT pair_id FROM rooms").toArray();
    if (owner) {
      const results = await Promise.allSettled(
        rooms.map(async ({ pair_id }) => {
          const remaining = await chatRoom(pair_id).endSessions(owner, end);
          if (remaining === 0) this.ctx.storage.sql.exec("DELETE FROM rooms WHERE pair_id = ?", pair_id);
        }),
      );
      for (const result of results) {
        if (result.status === "rejected") {
          console.error(JSON.stringify({ at: "user-inbox.endSessions", error: String(result.reason) }));
        }
      }
    }
    await this.markOfflineIfNoSockets();
    await this.scheduleAlarm(now);
  }

  /**
   * A conversation's room is about to accept a socket of this user: refused (with the reason) when
   * its session has ended; otherwise the room is remembered, so ending the session reaches it.
   */
  async admitSocket(pairId: string, session: SocketSession): Promise<SessionEndReason | null> {
    const ended = this.endedReasonFor(session);
    if (ended) return ended;
    this.ctx.storage.sql.exec("INSERT OR IGNORE INTO rooms (pair_id) VALUES (?)", pairId);
    this.raiseIdleDeadline(session.idleDeadline);
    await this.scheduleAlarm();
    return null;
  }

  /** The user has no socket left in a conversation's room. */
  async roomClosed(pairId: string): Promise<void> {
    this.ctx.storage.sql.exec("DELETE FROM rooms WHERE pair_id = ?", pairId);
    // A conversation page was open until now: unless another page still is, that is when this user
    // was last seen (also when it closed before its page's own inbox socket had connected).
    if (this.openSockets().length === 0) await this.writePresence(false, Date.now());
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
    const ended = this.endedReasonFor(session);
    if (ended) return { live: false, reason: ended };
    const idleDeadline = await this.liveIdleDeadline(now);
    return idleDeadline === null ? { live: false, reason: "inactivity" } : { live: true, idleDeadline };
  }

  /**
   * Activity on one of the user's pages (the heartbeat, a sign-in): the idle deadline moves to 10
   * minutes after it, never back. Kept here, in the user's own object, so a heartbeat writes
   * nothing to D1. Answers the latest activity known, which another device may have moved later.
   */
  async recordActivity(lastActivity: number): Promise<number> {
    return this.raiseIdleDeadline(idleDeadlineOf(lastActivity)) - SESSION_TIMEOUT_MS;
  }

  /**
   * The idle deadline while it has not passed. Once it has, the forced logout happens here (the
   * record in D1, every session ended, every socket of the user closed) and the answer is null.
   */
  private async liveIdleDeadline(now: number): Promise<number | null> {
    const owner = this.owner();
    if (!owner) return null;
    const db = createDb(this.env.DB);
    const known = this.idleDeadline() ?? (await this.idleDeadlineFromD1(db, owner));
    if (known > now) return known;
    const sessionIds = await writeIdleLogout(db, owner, now);
    await this.endSessions({ reason: "inactivity", sessionIds, everySession: true }, now);
    return null;
  }

  /**
   * An inbox older than keeping activity here starts from the D1 record (sign-in and forced
   * logouts still write it), once; from then on its own copy is the one that moves.
   */
  private async idleDeadlineFromD1(db: ReturnType<typeof createDb>, owner: string): Promise<number> {
    return this.raiseIdleDeadline(idleDeadlineOf(await readLastActivity(db, owner)));
  }

  /** Why a socket's session can no longer be used, or null while it can. */
  private endedReasonFor(session: Pick<SocketSession, "sessionId" | "startedAt">): SessionEndReason | null {
    const ended = this.ctx.storage.sql
      .exec<{ reason: string }>("SELECT reason FROM ended_sessions WHERE session_id = ?", session.sessionId)
      .toArray()[0]?.reason;
    if (isSessionEndReason(ended)) return ended;
    // Every session ended at that time: a session begun before then is one of them.
    const allEndedAt = Number(this.metaValue("all_ended_at") ?? 0);
    const allEndedReason = this.metaValue("all_ended_reason");
    if (session.startedAt < allEndedAt && isSessionEndReason(allEndedReason)) return allEndedReason;
    return null;
  }

  private idleDeadline(): number | null {
    const value = this.metaValue("idle_deadline");
    return value === undefined ? null : Number(value);
  }

  /** Moves the idle deadline to `deadline` unless it is later already; answers the one in force. */
  private raiseIdleDeadline(deadline: number): number {
    const current = this.idleDeadline() ?? 0;
    if (deadline <= current) return current;
    this.setMeta("idle_deadline", String(deadline));
    return deadline;
  }

  private metaValue(key: string): string | undefined {
    return this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]
      ?.value;
  }

  private setMeta(key: string, value: string) {
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", key, value);
  }

  /** Offline once no page has a socket open; nothing is written for a user who was not online. */
  private async markOfflineIfNoSockets(closing?: WebSocket) {
    const stillOpen = this.openSockets().filter((ws) => ws !== closing);
    if (stillOpen.length === 0) await this.setPresence(false);
  }

  /**
   * isOnline / lastSeen in D1. This inbox is their only writer (DESIGN.md "UserInbox"), and writes
   * only on a real change: online with the first open page, offline when the last one goes. It
   * keeps its own copy of lastSeen so a contact's header can ask it without a D1 round trip.
   */
  private async setPresence(online: boolean) {
    // 'online' is "1" only after this inbox wrote it: an inbox that never had a page open writes
    // no 'offline' (an email alarm must not make someone look recently seen).
    const wasOnline = this.metaValue("online") === "1";
    if (online !== wasOnline) await this.writePresence(online, Date.now());
  }

  /** Writes presence as of now, in the inbox's copy and in D1. */
  private async writePresence(online: boolean, now: number) {
    const userId = this.owner();
    if (!userId) return;
    this.setMeta("online", online ? "1" : "0");
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('last_seen', ?)", String(now));
    await createDb(this.env.DB)
      .update(users)
      .set({ isOnline: online, lastSeen: new Date(now) })
      .where(eq(users.id, userId));
  }

  /**
   * What others see of this user (the conversation header): online while a page of theirs has a
   * live socket (pinged within the last minute, the same rule as the sweep), else when last seen.
   */
  async presence(now = Date.now()): Promise<Presence> {
    const online = this.openSockets().some((ws) => now - this.lastSign(ws) <= PRESENCE_TIMEOUT_MS);
    return { online, lastSeen: online ? null : await this.lastSeen() };
  }

  /** lastSeen from the inbox's copy; an inbox older than that copy reads D1 once and keeps it. */
  private async lastSeen(): Promise<number | null> {
    const kept = this.ctx.storage.sql
      .exec<{ value: string }>("SELECT value FROM meta WHERE key = 'last_seen'")
      .toArray()[0]?.value;
    if (kept !== undefined) return Number(kept) || null;
    const owner = this.owner();
    if (!owner) return null;
    const [row] = await createDb(this.env.DB)
      .select({ lastSeen: users.lastSeen })
      .from(users)
      .where(eq(users.id, owner))
      .limit(1);
    const lastSeen = row?.lastSeen?.getTime() ?? null;
    this.ctx.storage.sql.exec(
      "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_seen', ?)",
      String(lastSeen ?? 0),
    );
    return lastSeen;
  }

  /** The newest sign of life of a socket: its last ping, or when it connected. */
  private lastSign(ws: WebSocket): number {
    const lastPing = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime();
    const { connectedAt } = socketAttachment<InboxSocket>(ws) ?? {};
    return Math.max(lastPing ?? 0, connectedAt ?? 0);
  }

  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  /** Whose inbox this is: recorded at the first socket, else the name it is addressed by (the user id). */
  private owner(): string | null {
    const recorded = this.ctx.storage.sql
      .exec<{ value: string }>("SELECT value FROM meta WHERE key = 'owner'")
      .toArray()[0]?.value;
    return recorded ?? this.ctx.id.name ?? null;
  }

  private async snapshot(): Promise<InboxFrame> {
    return { type: "inbox", unread: await this.unreadCount(), chats: await this.list() };
  }

  private async pushSnapshot() {
    if (this.openSockets().length > 0) await this.push([await this.snapshot()]);
  }

  private async push(frames: InboxFrame[]) {
    const sockets = this.openSockets();
    if (sockets.length === 0) return;
    const payloads = frames.map((frame) => JSON.stringify(frame));
    for (const ws of sockets) {
      for (const payload of payloads) {
        try {
          ws.send(payload);
        } catch {
          // Closed meanwhile.
        }
      }
    }
  }

  /** Whether the user has a page open right now (no open page: the offline email applies). */
  async isOnline(): Promise<boolean> {
    return this.openSockets().length > 0;
  }

  private migrate() {
    this.ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS summaries (
        contact_id TEXT PRIMARY KEY,
        contact_name TEXT NOT NULL DEFAULT '',
        pair_id TEXT NOT NULL,
        last_message TEXT NOT NULL DEFAULT '',
        last_message_time INTEGER NOT NULL DEFAULT 0,
        last_seq INTEGER NOT NULL DEFAULT 0,
        unread INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX IF NOT EXISTS summaries_time_idx ON summaries (last_message_time DESC);
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS pending_emails (
        pair_id TEXT PRIMARY KEY,
        contact_id TEXT NOT NULL,
        contact_name TEXT NOT NULL,
        preview TEXT NOT NULL,
        seq INTEGER NOT NULL,
        due_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS sent_emails (pair_id TEXT PRIMARY KEY, sent_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS rooms (pair_id TEXT PRIMARY KEY);
      CREATE TABLE IF NOT EXISTS blocked_contacts (contact_id TEXT PRIMARY KEY);
      CREATE TABLE IF NOT EXISTS ended_sessions (
        session_id TEXT PRIMARY KEY,
        reason TEXT NOT NULL,
        ended_at INTEGER NOT NULL
      );
    `);
  }

  /**
   * A message was stored in one of this user's conversations. Notices can arrive out of order
   * (two rooms, retries): an older seq never replaces a newer last message.
   */
  async recordMessage(notice: MessageNotice): Promise<void> {
    // Nothing from someone this user blocked reaches them: no summary, badge, banner or email.
    if (this.isBlocked(notice.contactId)) return;
    const recorded = this.ctx.storage.sql.exec(
      `INSERT INTO summaries (contact_id, contact_name, pair_id, last_message, last_message_time, last_seq, unread)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (contact_id) DO UPDATE SET
         contact_name = excluded.contact_name,
         last_message = excluded.last_message,
         last_message_time = excluded.last_message_time,
         last_seq = excluded.last_seq,
         unread = excluded.unread
       WHERE excluded.last_seq > summaries.last_seq`,
      notice.contactId,
      notice.contactName,
      notice.pairId,
      notice.preview,
      notice.timestamp,
      notice.seq,
      notice.unread ? 1 : 0,
    ).rowsWritten;
    // A message this list already shows (a room's repeat after a restart) changes nothing more.
    if (recorded === 0) return;
    // The sender's own message: everything before it is read, and no email is owed for it.
    if (!notice.unread) this.dropEmailsReadUpTo(notice.contactId, notice.seq);
    if (this.openSockets().length === 0) {
      // Nobody to tell now: the email instead, for the recipient.
      if (notice.unread) await this.queueEmail(notice, Date.now());
      return;
    }
    const frames: InboxFrame[] = [await this.snapshot()];
    if (notice.unread) {
      frames.push({
        type: "new-message",
        contactId: notice.contactId,
        contactName: notice.contactName,
        preview: notice.preview,
        pairId: notice.pairId,
        seq: notice.seq,
      });
    }
    await this.push(frames);
  }

  /**
   * This user blocked a contact, or lifted the block (worker/safety/blocks.ts; issue 12). While it
   * lasts the conversation is left out of the list and the badge, and no email is owed for it;
   * unblocking brings the conversation back as it was.
   */
  async setBlocked(contactId: string, blocked: boolean): Promise<void> {
    if (blocked) {
      this.ctx.storage.sql.exec("INSERT OR IGNORE INTO blocked_contacts (contact_id) VALUES (?)", contactId);
      this.ctx.storage.sql.exec("DELETE FROM pending_emails WHERE contact_id = ?", contactId);
    } else {
      this.ctx.storage.sql.exec("DELETE FROM blocked_contacts WHERE contact_id = ?", contactId);
    }
    await this.pushSnapshot();
  }

  private isBlocked(contactId: string): boolean {
    return (
      this.ctx.storage.sql.exec("SELECT 1 FROM blocked_contacts WHERE contact_id = ?", contactId).toArray().length > 0
    );
  }

  /** This user read a conversation up to a seq: unread clears once the last message is read. */
  async recordRead(contactId: string, upToSeq: number): Promise<void> {
    const cleared = this.ctx.storage.sql.exec(
      "UPDATE summaries SET unread = 0 WHERE contact_id = ? AND last_seq <= ? AND unread = 1",
      contactId,
      upToSeq,
    ).rowsWritten;
    this.dropEmailsReadUpTo(contactId, upToSeq);
    if (cleared > 0) await this.pushSnapshot();
  }

  /** Read meanwhile: no email is owed for those messages. */
  private dropEmailsReadUpTo(contactId: string, seq: number) {
    this.ctx.storage.sql.exec("DELETE FROM pending_emails WHERE contact_id = ? AND seq <= ?", contactId, seq);
  }

  /** An email for the newest unread message of a conversation, once its grace time is over. */
  private async queueEmail(notice: MessageNotice, now: number) {
    const lastSent = this.ctx.storage.sql
      .exec<{ sent_at: number }>("SELECT sent_at FROM sent_emails WHERE pair_id = ?", notice.pairId)
      .toArray()[0]?.sent_at;
    if (lastSent !== undefined && now - lastSent < EMAIL_WINDOW_MS) return;
    this.ctx.storage.sql.exec(
      `INSERT INTO pending_emails (pair_id, contact_id, contact_name, preview, seq, due_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (pair_id) DO UPDATE SET preview = excluded.preview, seq = excluded.seq, contact_name = excluded.contact_name`,
      notice.pairId,
      notice.contactId,
      notice.contactName,
      notice.preview,
      notice.seq,
      now + EMAIL_GRACE_MS,
    );
    await this.scheduleAlarm(now);
  }

  /** Sends the emails whose grace time is over, if the person is still away and has not read them. */
  async sendDueEmails(now: number): Promise<number> {
    const due = this.ctx.storage.sql
      .exec<{ pair_id: string; contact_id: string; contact_name: string; preview: string; seq: number }>(
        "SELECT * FROM pending_emails WHERE due_at <= ?",
        now,
      )
      .toArray();
    const owner = this.owner();
    let sent = 0;
    for (const email of due) {
      this.ctx.storage.sql.exec("DELETE FROM pending_emails WHERE pair_id = ?", email.pair_id);
      const stillUnread =
        this.ctx.storage.sql
          .exec("SELECT 1 FROM summaries WHERE contact_id = ? AND unread = 1", email.contact_id)
          .toArray().length > 0 && !this.isBlocked(email.contact_id);
      if (!owner || !stillUnread || this.openSockets().length > 0) continue;
      const [recipient] = await createDb(this.env.DB)
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, owner))
        .limit(1);
      if (!recipient) continue;
      const { brandName, appUrl } = getConfig().public;
      await sendEmail({
        to: recipient.email,
        subject: newMessageSubject(email.contact_name, brandName),
        template: NEW_MESSAGE_TEMPLATE,
        element: createElement(NewMessageEmail, {
          brandName,
          toName: recipient.username,
          fromName: email.contact_name,
          message: email.preview,
          appUrl: new URL(`/chat/${encodeURIComponent(email.contact_id)}`, appUrl).toString(),
        }),
      });
      this.ctx.storage.sql.exec(
        "INSERT OR REPLACE INTO sent_emails (pair_id, sent_at) VALUES (?, ?)",
        email.pair_id,
        now,
      );
      sent += 1;
    }
    return sent;
  }

  /**
   * Messages up to a seq were deleted (7-day retention): a summary showing one of them goes, so the
   * list never shows a deleted message. A later message keeps its summary.
   */
  async forgetMessagesUpTo(contactId: string, upToSeq: number): Promise<void> {
    const removed = this.ctx.storage.sql.exec(
      "DELETE FROM summaries WHERE contact_id = ? AND last_seq <= ?",
      contactId,
      upToSeq,
    ).rowsWritten;
    if (removed > 0) await this.pushSnapshot();
  }

  /** Conversations with a last message, newest first (spec section 9). */
  async list(): Promise<ChatSummary[]> {
    return this.ctx.storage.sql
      .exec<SummaryRow>(
        `SELECT * FROM summaries WHERE last_message_time > 0 AND ${NOT_BLOCKED}
         ORDER BY last_message_time DESC`,
      )
      .toArray()
      .map((row) => ({
        contactId: row.contact_id,
        contactName: row.contact_name,
        pairId: row.pair_id,
        lastMessage: row.last_message,
        lastMessageTime: row.last_message_time,
        lastSeq: row.last_seq,
        unread: row.unread === 1,
      }));
  }

  /** Conversations with an unread message: the number behind the header badge. */
  async unreadCount(): Promise<number> {
    return this.ctx.storage.sql
      .exec<{ n: number }>(`SELECT count(*) AS n FROM summaries WHERE unread = 1 AND ${NOT_BLOCKED}`)
      .one().n;
  }
}
