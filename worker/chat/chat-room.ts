import { eq } from "drizzle-orm";
import { POLICY } from "~/shared/legal";
import { pairIdFor, parsePairId } from "~/shared/pair-id";
import {
  CHAT_MESSAGES,
  type ChatMessage,
  ClientFrameSchema,
  MAX_MESSAGE_TEXT,
  MAX_RESUME_BATCH,
  plainSendFrame,
  SESSION_LENGTH_MS,
  type SendFrame,
  type ServerFrame,
} from "~/shared/schemas/chat-protocol";
import type { SessionEndReason } from "~/shared/session-end";
import type { SessionEnd } from "../auth/end-sessions";
import { getConfig } from "../config";
import { createDb } from "../db/client";
import { chats, users } from "../db/schema";
import { keyInFolder } from "../images/image-store";
import { type InboxCalls, userInbox } from "../inbox/inbox-service";
import type { MessageNotice } from "../inbox/user-inbox";
import { addColumnMigration, sqlMigration } from "../sockets/migrations";
import { SocketObject } from "../sockets/socket-object";
import { endedSessionResponse, type SocketSession } from "../sockets/socket-session";
import { notAnUpgradeResponse, vouchedUpgrade } from "../sockets/upgrade-headers";
import { blockedFrame, REOPENED_CLOSE } from "./closed-conversation";
import { INBOX_OUTBOX_TABLE, OwedInboxUpdates } from "./owed-inbox-updates";
import { roomUpgradeFrom } from "./room-upgrade-headers";

/** Messages (and their images) are deleted after this long (stated policy, spec section 9). */
export const MESSAGE_RETENTION_MS = POLICY.messageRetentionDays * 24 * 60 * 60 * 1000;

/** How much of a message the conversation list shows. */
const PREVIEW_LENGTH = 120;
/** The list's last message when a message is an image alone. */
export const IMAGE_PREVIEW = "Photo";

/**
 * Who a socket belongs to, and the session it was opened with (issue 11); `closedAtGate` when the
 * Worker found the conversation closed by a block in D1 as it opened (read-only for its lifetime).
 */
type SocketIdentity = { userId: string; userName: string; closedAtGate?: true } & SocketSession;
type MessageRow = {
  seq: number;
  client_id: string;
  sender_id: string;
  sender_name: string;
  text: string;
  image_url: string | null;
  timestamp: number;
};

/** The room's schema, in order; steps are only appended (worker/sockets/migrations.ts). */
const ROOM_MIGRATIONS = [
  sqlMigration(`
    CREATE TABLE IF NOT EXISTS messages (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      client_id TEXT NOT NULL,
      sender_id TEXT NOT NULL,
      sender_name TEXT NOT NULL,
      text TEXT NOT NULL DEFAULT '',
      image_url TEXT,
      timestamp INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS messages_sender_client_idx ON messages (sender_id, client_id);
    -- Times rise with seq (store), so retention walks the seq order: no index on time to
    -- write with every message.
    DROP INDEX IF EXISTS messages_timestamp_idx;
    CREATE TABLE IF NOT EXISTS members (
      user_id TEXT PRIMARY KEY,
      last_read_seq INTEGER NOT NULL DEFAULT 0,
      last_delivered_seq INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS blocks (
      blocker_id TEXT NOT NULL,
      blocked_id TEXT NOT NULL,
      PRIMARY KEY (blocker_id, blocked_id)
    );
    ${INBOX_OUTBOX_TABLE}
  `),
  // Rooms created before delivery receipts existed gain the column once.
  addColumnMigration("members", "last_delivered_seq", "INTEGER NOT NULL DEFAULT 0"),
];

const toMessage = (row: MessageRow): ChatMessage => ({
  seq: row.seq,
  clientId: row.client_id,
  senderId: row.sender_id,
  senderName: row.sender_name,
  text: row.text,
  imageUrl: row.image_url,
  timestamp: row.timestamp,
});

/**
 * One conversation, addressed by pairId (DESIGN.md "ChatRoom"). It is the single writer of that
 * conversation: every message gets a strictly increasing seq, is stored before it is acknowledged
 * or broadcast, is de-duplicated by its sender's temp- id, and a reconnecting client receives
 * exactly what it missed. Sockets are hibernatable; who they belong to is in their attachment.
 */
export class ChatRoom extends SocketObject<SocketIdentity, ServerFrame> {
  /** Token buckets per sender; in memory on purpose: a fresh instance starts everyone afresh. */
  private readonly sendBudget = new Map<string, { tokens: number; at: number }>();
  /** The pair this room serves and its two members, once known (they never change). */
  private known: { pairId: string; members: readonly [string, string] } | null = null;
  /** Whether a block closes the conversation; read once, then changed only by setBlocked. */
  private closed: boolean | undefined;
  /**
   * When the alarm is set for, kept in memory (read once at start, changed only through setAlarmAt)
   * so a message can move it forward in the same synchronous step that stores the message.
   */
  private alarmAt: number | null = null;
  /** The inbox updates owed to the members; set up with the storage, at start. */
  private outbox!: OwedInboxUpdates;
  /** The newest message's time; undefined until first read, null with no messages. */
  private lastMessageAt: number | null | undefined;
  /** Each member's newest message seq, read once per member and then kept with every message. */
  private readonly lastSeqOf = new Map<string, number>();
  /**
   * A seq up to which each member has read the other member's messages, as far as this instance
   * knows (the stored position may be higher, never lower for those messages).
   */
  private readonly readAtLeast = new Map<string, number>();
  /**
   * Upgrades of each member that wait for their inbox to admit them. A member whose last socket
   * closes meanwhile is not leaving: the socket being admitted keeps the conversation open (a page
   * remounting closes its socket and at once opens another, as React's development mode does).
   */
  private readonly admitting = new Map<string, number>();
  /** Each member's last call to their inbox about this room's sockets: the next one waits for it. */
  private readonly inboxCalls = new Map<string, Promise<unknown>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, ROOM_MIGRATIONS);
    ctx.blockConcurrencyWhile(async () => {
      this.alarmAt = await ctx.storage.getAlarm();
      this.outbox = new OwedInboxUpdates(ctx.storage.sql, {
        deliver: (member) => this.deliverNewest(member),
        latestSeq: () => this.latestSeq(),
      });
    });
  }

  /** WebSocket upgrade, forwarded by the Worker after it checked session, origin and membership. */
  override async fetch(request: Request): Promise<Response> {
    const upgrade = vouchedUpgrade(request);
    const room = roomUpgradeFrom(request.headers);
    if (!upgrade || !room) return notAnUpgradeResponse();
    const { userId, session } = upgrade;
    const { userName, pairId, closedAtGate } = room;
    // Defence in depth: this room serves one pair, and only its two members.
    const members = parsePairId(pairId);
    const known = this.pairId();
    if (!members?.includes(userId) || (known && known !== pairId)) {
      return new Response("Not a member of this conversation", { status: 403 });
    }
    if (!known) this.meta.setIfAbsent("pair_id", pairId);
    for (const member of members) {
      this.ctx.storage.sql.exec("INSERT OR IGNORE INTO members (user_id) VALUES (?)", member);
    }
    if (userName) this.meta.set(`name:${userId}`, userName);
    // The user's inbox remembers this room, so ending the session closes this socket too; a session
    // that ended while the upgrade was on its way is refused here.
    this.admitting.set(userId, (this.admitting.get(userId) ?? 0) + 1);
    let ended: SessionEndReason | null;
    try {
      ended = await this.inboxInOrder(userId, (inbox) => inbox.admitSocket(pairId, session));
    } catch (error) {
      this.admitted(userId);
      throw error;
    }
    if (ended) {
      this.admitted(userId);
      return endedSessionResponse(ended);
    }

    const { socket: server, response } = this.acceptSocket(
      { userId, userName, ...session, ...(closedAtGate ? { closedAtGate: true } : {}) },
      [userId],
    );
    this.admitted(userId);
    // A block closes the conversation for sending, never for reading its history (issue 23): the
    // Worker's answer from D1 or the room's own copy of the blocks.
    if (closedAtGate || this.isClosed()) {
      // Told at once, before the history it asks for: it reads, it cannot write, and nobody's
      // presence travels (README: the blocked person is told neutrally).
      this.send(server, blockedFrame());
    } else {
      // Someone with the conversation open is online: the other member's header hears it at once.
      this.broadcast({ type: "presence", userId, online: true, lastSeen: null }, { tag: userId });
    }
    return response;
  }

  /** An upgrade of the member is no longer waiting; if it failed and nothing else is open, they left. */
  private admitted(userId: string) {
    const waiting = (this.admitting.get(userId) ?? 1) - 1;
    if (waiting > 0) this.admitting.set(userId, waiting);
    else this.admitting.delete(userId);
    this.leaveIfGone(userId);
  }

  /**
   * The member has no socket here and none on its way: their inbox no longer needs to reach this
   * room when a session ends. Told in order with the admissions, so a socket that opens right after
   * is remembered after this, never forgotten by it.
   */
  private leaveIfGone(userId: string, closing?: WebSocket) {
    const pairId = this.pairId();
    if (!pairId || this.admitting.has(userId)) return;
    if (this.openSockets(userId).some((socket) => socket !== closing)) return;
    this.ctx.waitUntil(this.inboxInOrder(userId, (inbox) => inbox.roomClosed(pairId)));
  }

  /** A call to the member's inbox about this room's sockets, made once the previous one is done. */
  private inboxInOrder<T>(userId: string, call: (inbox: InboxCalls) => Promise<T>): Promise<T> {
    const previous = this.inboxCalls.get(userId) ?? Promise.resolve();
    const next = previous.then(() => call(userInbox(userId)));
    const done = next.catch(() => undefined);
    this.inboxCalls.set(userId, done);
    done.then(() => {
      if (this.inboxCalls.get(userId) === done) this.inboxCalls.delete(userId);
    });
    return next;
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const identity = this.attachment(ws);
    if (!identity) return ws.close(1008, "Unknown socket");
    // A socket whose session ended sends nothing more; past its idle deadline the member's inbox
    // says whether the session still lives (activity elsewhere moves the deadline).
    const confirm = (session: Pick<SocketSession, "sessionId" | "startedAt">) =>
      userInbox(identity.userId).confirmSession(session);
    if (!(await this.frameAllowed(ws, identity, confirm))) return;
    // A block closed the conversation: its history is still answered, nothing is sent or stored,
    // and nothing of either member (typing, presence, receipts) reaches the other.
    const closed = identity.closedAtGate === true || this.isClosed();
    let value: unknown;
    try {
      value = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data));
    } catch {
      return this.send(ws, { type: "error", code: "bad_frame", message: CHAT_MESSAGES.badFrame });
    }
    const send = plainSendFrame(value);
    if (send) return closed ? this.send(ws, blockedFrame(send.clientId)) : this.handleSend(ws, identity, send);
    const parsed = ClientFrameSchema.safeParse(value);
    if (!parsed.success) return this.refuse(ws, parsed.error.issues, data);
    const frame = parsed.data;

    switch (frame.type) {
      case "send":
        return closed ? this.send(ws, blockedFrame(frame.clientId)) : this.handleSend(ws, identity, frame);
      case "resume":
        this.send(ws, this.page("resume", frame.afterSeq));
        return this.sendReceipts(ws, identity.userId);
      case "history":
        return this.send(ws, this.historyBefore(frame.beforeSeq, frame.limit));
      case "read":
        return this.markRead(identity.userId, frame.upToSeq, closed);
      case "delivered":
        return this.markDelivered(identity.userId, frame.upToSeq, closed);
      case "typing":
        if (closed) return;
        return this.broadcast(
          { type: "typing", userId: identity.userId, typing: frame.typing },
          { tag: identity.userId },
        );
      case "presence":
        if (closed) return;
        return this.sendPresence(ws, identity.userId);
    }
  }

  /** The user's last socket here: their inbox no longer needs to reach this room when a session ends. */
  protected override socketClosed(ws: WebSocket): void {
    const identity = this.attachment(ws);
    if (identity) this.leaveIfGone(identity.userId, ws);
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
   * A member blocked the other, or lifted a block (worker/safety/blocks.ts; issue 12). A block
   * closes the conversation for both: every open socket is told so and stays open to read the
   * history (issue 23), and nothing more is stored, delivered or sent to the inboxes until it is
   * lifted. Lifting it closes the sockets in a way pages reconnect after, to find it open again.
   */
  async setBlocked(blockerId: string, blockedId: string, blocked: boolean): Promise<void> {
    const pairId = pairIdFor(blockerId, blockedId);
    const known = this.pairId();
    if (!parsePairId(pairId) || (known && known !== pairId)) throw new Error("Not this room's members");
    if (!known) this.meta.setIfAbsent("pair_id", pairId);
    // Read again from the table at the next frame: the other member may still block.
    this.closed = undefined;
    if (!blocked) {
      this.ctx.storage.sql.exec("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", blockerId, blockedId);
      if (this.isClosed()) return;
      for (const ws of this.ctx.getWebSockets()) {
        if (ws.readyState !== WebSocket.OPEN) continue;
        try {
          ws.close(REOPENED_CLOSE.code, REOPENED_CLOSE.reason);
        } catch {
          // Already closing.
        }
      }
      return;
    }
    this.ctx.storage.sql.exec(
      "INSERT OR IGNORE INTO blocks (blocker_id, blocked_id) VALUES (?, ?)",
      blockerId,
      blockedId,
    );
    // Nothing more goes to the inboxes while the conversation is closed.
    this.outbox.clear();
    this.broadcast(blockedFrame());
  }

  /** Whether a block, either way, closes this conversation. */
  private isClosed(): boolean {
    this.closed ??= this.ctx.storage.sql.exec("SELECT 1 FROM blocks LIMIT 1").toArray().length > 0;
    return this.closed;
  }

  /** A send's temp- id from a raw frame, so a refusal can name the message it refuses. */
  private clientIdIn(data: string | ArrayBuffer): string | undefined {
    const raw = typeof data === "string" ? data : "";
    return raw.match(/"clientId"\s*:\s*"(temp-[^"]{1,64})"/)?.[1];
  }

  /** A refused frame is answered, never crashes the room; the socket stays usable. */
  private refuse(ws: WebSocket, issues: { message: string; path: PropertyKey[] }[], data: string | ArrayBuffer) {
    const clientId = this.clientIdIn(data);
    const tooLong = issues.some((issue) => issue.path[0] === "text" && issue.message === CHAT_MESSAGES.tooLong);
    const empty = issues.some((issue) => issue.message === CHAT_MESSAGES.emptyMessage);
    this.send(ws, {
      type: "error",
      code: tooLong ? "too_long" : empty ? "empty" : "bad_frame",
      message: tooLong ? CHAT_MESSAGES.tooLong : empty ? CHAT_MESSAGES.emptyMessage : CHAT_MESSAGES.badFrame,
      ...(clientId ? { clientId } : {}),
    });
  }

  private async handleSend(ws: WebSocket, sender: SocketIdentity, frame: SendFrame) {
    // An image must be one the upload endpoint stored for this conversation (issue 11: otherwise the
    // receiver's browser would request whatever URL the sender chose). Checked with the room held,
    // so the messages sent after it still arrive in order.
    const imageUrl = frame.imageUrl;
    if (imageUrl && !(await this.ctx.blockConcurrencyWhile(() => this.isStoredImage(imageUrl)))) {
      return this.send(ws, {
        type: "error",
        code: "bad_image",
        message: CHAT_MESSAGES.notYourImage,
        clientId: frame.clientId,
      });
    }
    const message = this.takeSendToken(sender.userId) ? this.store(sender, frame) : null;
    if (message) {
      this.announce(ws, message);
      return this.readBySending(sender.userId, message.seq);
    }
    // A resend of a message already stored is acknowledged with its seq (the client retries safely),
    // even while the sender is over the rate limit.
    const existing = this.ctx.storage.sql
      .exec<{ seq: number; timestamp: number }>(
        "SELECT seq, timestamp FROM messages WHERE sender_id = ? AND client_id = ?",
        sender.userId,
        frame.clientId,
      )
      .toArray()[0];
    if (existing) return this.send(ws, { type: "ack", clientId: frame.clientId, ...existing });
    this.send(ws, {
      type: "error",
      code: "rate_limited",
      message: CHAT_MESSAGES.rateLimited,
      clientId: frame.clientId,
    });
  }

  /**
   * Stores a new message with everything that must happen in the same synchronous step (the inbox
   * updates it makes owed, the session it may start), or answers null for a clientId already stored
   * (and gives back the send token it took). Times never go back, so seq order is time order.
   */
  private store(sender: SocketIdentity, frame: SendFrame): ChatMessage | null {
    const previousLast = this.newestMessageAt();
    const timestamp = Math.max(Date.now(), previousLast ?? 0);
    const text = frame.text.slice(0, MAX_MESSAGE_TEXT);
    const imageUrl = frame.imageUrl ?? null;
    // Only the seq comes back: the rest of the row is what was just written.
    const inserted = this.ctx.storage.sql
      .exec<{ seq: number }>(
        `INSERT INTO messages (client_id, sender_id, sender_name, text, image_url, timestamp)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING seq`,
        frame.clientId,
        sender.userId,
        sender.userName,
        text,
        imageUrl,
        timestamp,
      )
      .toArray()[0];
    if (!inserted) {
      this.returnSendToken(sender.userId);
      return null;
    }
    const { seq } = inserted;
    this.lastMessageAt = timestamp;
    this.lastSeqOf.set(sender.userId, seq);
    // Owed to both inboxes from the moment the message exists: written in the same step, so a
    // restart between here and the delivery cannot lose it.
    this.oweInboxUpdates(seq, timestamp);
    const sessionStarted = this.startSessionIfIdle(previousLast, timestamp);
    // The alarm's due times move only with the first message (retention) or a new session.
    if (previousLast === null || sessionStarted) this.ctx.waitUntil(this.scheduleAlarm());
    return {
      seq,
      clientId: frame.clientId,
      senderId: sender.userId,
      senderName: sender.userName,
      text,
      imageUrl,
      timestamp,
    };
  }

  /** The newest message's time (null with none), read once and then kept with every message. */
  private newestMessageAt(): number | null {
    if (this.lastMessageAt === undefined) {
      this.lastMessageAt =
        this.ctx.storage.sql
          .exec<{ timestamp: number }>("SELECT timestamp FROM messages ORDER BY seq DESC LIMIT 1")
          .toArray()[0]?.timestamp ?? null;
    }
    return this.lastMessageAt;
  }

  private async isStoredImage(url: string): Promise<boolean> {
    const key = keyInFolder(url, `chats/${this.pairId()}`);
    return key !== null && (await this.env.IMAGES.head(key)) !== null;
  }

  /**
   * Sending implies having received and read the other member's messages before one's own. Only
   * when there are such messages not yet read is anything written, and the other member told; a
   * run of one's own messages writes nothing here (a position need not cover one's own messages).
   */
  private readBySending(userId: string, seq: number) {
    const other = this.otherMember(userId);
    if (!other) return;
    const theirs = this.newestSeqOf(other);
    // Most sends in a run answer from memory: a position this message's sender is known to have.
    if (theirs <= (this.readAtLeast.get(userId) ?? 0)) return;
    const read = this.position(userId).read;
    this.readAtLeast.set(userId, Math.max(read, seq));
    if (theirs <= read) return;
    this.ctx.storage.sql.exec(
      `UPDATE members SET last_read_seq = max(last_read_seq, ?1), last_delivered_seq = max(last_delivered_seq, ?1)
       WHERE user_id = ?2`,
      seq,
      userId,
    );
    this.broadcast({ type: "read", userId, upToSeq: seq }, { tag: userId });
  }

  /** A member's newest message seq (0 with none). */
  private newestSeqOf(userId: string): number {
    let seq = this.lastSeqOf.get(userId);
    if (seq === undefined) {
      seq =
        this.ctx.storage.sql
          .exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM messages WHERE sender_id = ?", userId)
          .one().seq ?? 0;
      this.lastSeqOf.set(userId, seq);
    }
    return seq;
  }

  /** Both members' inboxes are owed this message; the alarm is the backstop for its delivery. */
  private oweInboxUpdates(seq: number, now: number) {
    const members = this.members();
    // Most messages of a conversation find both members owed already: nothing changes.
    if (!members || !this.outbox.owe(members, seq, now)) return;
    const due = this.outbox.alarmDue(now);
    if (due !== null && (this.alarmAt === null || this.alarmAt > due)) this.ctx.waitUntil(this.setAlarmAt(due));
  }

  /**
   * A session starts with the first message after 20 quiet minutes (or the very first); 20 minutes
   * later both members are told, and nobody is cut off (issue 4: the DO tracks the session).
   */
  private startSessionIfIdle(previousLast: number | null, now: number): boolean {
    if (previousLast !== null && now - previousLast < SESSION_LENGTH_MS) return false;
    this.meta.set("session_started_at", String(now));
    this.meta.delete("session_notified");
    return true;
  }

  private sessionNoticeDue(): number | null {
    const started = this.meta.get("session_started_at");
    if (!started || this.meta.get("session_notified")) return null;
    return Number(started) + SESSION_LENGTH_MS;
  }

  /** When the 7-day purge is next due (the oldest message's expiry), or null with no messages. */
  private retentionDue(): number | null {
    const oldest = this.ctx.storage.sql
      .exec<{ timestamp: number }>("SELECT timestamp FROM messages ORDER BY seq LIMIT 1")
      .toArray()[0]?.timestamp;
    return oldest === undefined ? null : oldest + MESSAGE_RETENTION_MS;
  }

  /**
   * The one place the alarm is scheduled: it serves every duty (the owed inbox updates, the session
   * notice, the 7-day purge), set for whichever is due first.
   */
  private async scheduleAlarm() {
    const owed = this.outbox.alarmDue(Date.now());
    const due = [owed, this.sessionNoticeDue(), this.retentionDue()].filter((t): t is number => t !== null);
    await this.setAlarmAt(due.length === 0 ? null : Math.min(...due));
  }

  /** Sets (or clears) the alarm; most calls change nothing and write nothing. */
  private async setAlarmAt(at: number | null) {
    if (this.alarmAt === at) return;
    this.alarmAt = at;
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
  }

  override async alarm(): Promise<void> {
    // This alarm is spent; whatever is due later is scheduled again below.
    this.alarmAt = null;
    const now = Date.now();
    await this.outbox.onAlarm(now);
    const notice = this.sessionNoticeDue();
    if (notice !== null && notice <= now) {
      this.meta.set("session_notified", "1");
      this.broadcast({ type: "session-notice", message: CHAT_MESSAGES.sessionNotice });
    }
    const retention = this.retentionDue();
    if (retention !== null && retention <= now) await this.purgeExpired(now);
    await this.scheduleAlarm();
  }

  /**
   * Deletes messages older than the retention limit with their images, and tells both inboxes so a
   * summary never shows a deleted message. Idempotent: alarms can fire twice, and the cron's sweep
   * calls it for rooms whose alarm did not run.
   */
  async purgeExpired(now: number): Promise<{ messages: number; images: number }> {
    const cutoff = now - MESSAGE_RETENTION_MS;
    // The oldest messages, in seq order (which is time order), up to the first one still kept.
    const expired: { seq: number; image_url: string | null }[] = [];
    const oldestFirst = this.ctx.storage.sql.exec<{ seq: number; image_url: string | null; timestamp: number }>(
      "SELECT seq, image_url, timestamp FROM messages ORDER BY seq",
    );
    for (const message of oldestFirst) {
      if (message.timestamp >= cutoff) break;
      expired.push(message);
    }
    const folder = `chats/${this.pairId()}`;
    const images = expired.flatMap((m) => {
      const key = m.image_url ? keyInFolder(m.image_url, folder) : null;
      return key ? [key] : [];
    });
    if (images.length > 0) await this.env.IMAGES.delete(images);
    if (expired.length > 0) {
      const upToSeq = expired.at(-1)?.seq ?? 0;
      this.ctx.storage.sql.exec("DELETE FROM messages WHERE seq <= ?", upToSeq);
      const members = this.members();
      if (members) {
        await Promise.all(
          members.map((member) =>
            userInbox(member).forgetMessagesUpTo(members.find((m) => m !== member) ?? member, upToSeq),
          ),
        );
      }
    }
    const pairId = this.pairId();
    if (pairId)
      await createDb(this.env.DB)
        .update(chats)
        .set({ updatedAt: new Date(now) })
        .where(eq(chats.pairId, pairId));
    await this.scheduleAlarm();
    return { messages: expired.length, images: images.length };
  }

  /**
   * A member's conversation list learns of the newest message (unread for the recipient only), for
   * the owed updates; answers its seq, or null when no message is left (retention deleted them).
   */
  private async deliverNewest(member: string): Promise<number | null> {
    const pairId = this.pairId();
    const newest = this.ctx.storage.sql
      .exec<MessageRow>("SELECT * FROM messages ORDER BY seq DESC LIMIT 1")
      .toArray()[0];
    if (!pairId || !newest) return null;
    await userInbox(member).recordMessage(await this.noticeFor(member, newest, pairId));
    return newest.seq;
  }

  /** What a member's inbox records of a message: unread for the recipient, unless read meanwhile. */
  private async noticeFor(member: string, row: MessageRow, pairId: string): Promise<MessageNotice> {
    const contactId = this.otherMember(member) ?? member;
    return {
      pairId,
      contactId,
      contactName: await this.memberName(contactId),
      seq: row.seq,
      preview: row.text.trim() ? row.text.slice(0, PREVIEW_LENGTH) : IMAGE_PREVIEW,
      timestamp: row.timestamp,
      unread: member !== row.sender_id && this.position(member).read < row.seq,
    };
  }

  /** A member's username: remembered when they connect, otherwise looked up once in D1. */
  private async memberName(userId: string): Promise<string> {
    const known = this.meta.get(`name:${userId}`);
    if (known) return known;
    const [row] = await createDb(this.env.DB)
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const name = row?.username ?? "";
    if (name) this.meta.set(`name:${userId}`, name);
    return name;
  }

  private page(mode: "resume", afterSeq: number): ServerFrame {
    const rows = this.ctx.storage.sql
      .exec<MessageRow>("SELECT * FROM messages WHERE seq > ? ORDER BY seq LIMIT ?", afterSeq, MAX_RESUME_BATCH + 1)
      .toArray();
    return {
      type: "messages",
      mode,
      messages: rows.slice(0, MAX_RESUME_BATCH).map(toMessage),
      hasMore: rows.length > MAX_RESUME_BATCH,
    };
  }

  private historyBefore(beforeSeq: number, limit: number): ServerFrame {
    const rows = this.ctx.storage.sql
      .exec<MessageRow>("SELECT * FROM messages WHERE seq < ? ORDER BY seq DESC LIMIT ?", beforeSeq, limit + 1)
      .toArray();
    return {
      type: "messages",
      mode: "history",
      messages: rows.slice(0, limit).reverse().map(toMessage),
      hasMore: rows.length > limit,
    };
  }

  private latestSeq(): number {
    return this.ctx.storage.sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM messages").one().seq ?? 0;
  }

  /**
   * A member's device received the conversation up to a seq: over this room's socket, or as a
   * new-message event on any page (its UserInbox passes that on). The other member sees 'Delivered',
   * unless a block closed the conversation.
   */
  markDelivered(userId: string, upToSeq: number, closed = this.isClosed()) {
    const seq = Math.min(upToSeq, this.latestSeq());
    if (this.raise("last_delivered_seq", userId, seq) && !closed) {
      this.broadcast({ type: "delivered", userId, upToSeq: seq }, { tag: userId });
    }
  }

  /** The other member's presence, from their inbox (the one place that knows their open pages). */
  private async sendPresence(ws: WebSocket, userId: string) {
    const other = this.otherMember(userId);
    if (!other) return;
    const presence = await userInbox(other).presence();
    this.send(ws, { type: "presence", userId: other, ...presence });
  }

  /** Where the other member has got to, for a socket that just (re)connected. */
  private sendReceipts(ws: WebSocket, userId: string) {
    const other = this.otherMember(userId);
    if (!other) return;
    const { read, delivered } = this.position(other);
    if (delivered > 0) this.send(ws, { type: "delivered", userId: other, upToSeq: delivered });
    if (read > 0) this.send(ws, { type: "read", userId: other, upToSeq: read });
  }

  /** A member read up to a seq: their own list clears it; the other member hears it unless `closed`. */
  private markRead(userId: string, upToSeq: number, closed: boolean) {
    const seq = Math.min(upToSeq, this.latestSeq());
    // Read implies delivered; the read frame below tells the other member both.
    this.raise("last_delivered_seq", userId, seq);
    if (this.raise("last_read_seq", userId, seq)) {
      if (!closed) this.broadcast({ type: "read", userId, upToSeq: seq }, { tag: userId });
      const contactId = this.otherMember(userId);
      if (contactId) this.ctx.waitUntil(userInbox(userId).recordRead(contactId, seq));
    }
  }

  /** Moves a member's read or delivered position forward (never back); true when it moved. */
  private raise(column: "last_read_seq" | "last_delivered_seq", userId: string, seq: number): boolean {
    return (
      this.ctx.storage.sql.exec(
        `UPDATE members SET ${column} = ? WHERE user_id = ? AND ${column} < ?`,
        seq,
        userId,
        seq,
      ).rowsWritten > 0
    );
  }

  /** A member's read and delivered positions (0 and 0 for someone not in this room). */
  private position(userId: string): { read: number; delivered: number } {
    return (
      this.ctx.storage.sql
        .exec<{ read: number; delivered: number }>(
          "SELECT last_read_seq AS read, last_delivered_seq AS delivered FROM members WHERE user_id = ?",
          userId,
        )
        .toArray()[0] ?? { read: 0, delivered: 0 }
    );
  }

  private otherMember(userId: string): string | undefined {
    const [a, b] = this.members() ?? [];
    return a === userId ? b : b === userId ? a : undefined;
  }

  /** A token bucket per sender (per open room): a burst, then the steady rate (wrangler.toml vars). */
  private takeSendToken(userId: string): boolean {
    const { sendBurst, sendPerSecond } = getConfig().chat;
    const now = Date.now();
    const bucket = this.sendBudget.get(userId) ?? { tokens: sendBurst, at: now };
    bucket.tokens = Math.min(sendBurst, bucket.tokens + ((now - bucket.at) / 1000) * sendPerSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.sendBudget.set(userId, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.sendBudget.set(userId, bucket);
    return true;
  }

  /** A token taken for a send that stored nothing (a resend) is given back. */
  private returnSendToken(userId: string) {
    const bucket = this.sendBudget.get(userId);
    if (bucket) bucket.tokens = Math.min(getConfig().chat.sendBurst, bucket.tokens + 1);
  }

  /** The pair this room serves: stored at the first connection, never changes, so kept in memory too. */
  private pairId(): string | null {
    return this.pairKnown()?.pairId ?? null;
  }

  /** The room's two members (null before its first connection). */
  private members(): readonly [string, string] | null {
    return this.pairKnown()?.members ?? null;
  }

  private pairKnown() {
    if (!this.known) {
      const pairId = this.meta.get("pair_id");
      const members = pairId ? parsePairId(pairId) : null;
      if (pairId && members) this.known = { pairId, members };
    }
    return this.known;
  }

  /**
   * A message just stored, as one frame serialized once: the sender's socket gets it first, and
   * that copy is its acknowledgement (store, then acknowledge, then broadcast); then every other
   * open socket, the sender's other devices included (README, Decisions).
   */
  private announce(sender: WebSocket, message: ChatMessage) {
    const payload = JSON.stringify({ type: "message", message } satisfies ServerFrame);
    this.sendPayload(sender, payload);
    this.broadcastPayload(payload, { socket: sender });
  }

  /**
   * A message a member received, for their report (issue 12): only the other member's messages,
   * and only while they are kept. Null for anything else.
   */
  async receivedMessage(reporterId: string, seq: number): Promise<ChatMessage | null> {
    if (!this.members()?.includes(reporterId)) return null;
    const row = this.ctx.storage.sql
      .exec<MessageRow>("SELECT * FROM messages WHERE seq = ? AND sender_id != ?", seq, reporterId)
      .toArray()[0];
    return row ? toMessage(row) : null;
  }
}
