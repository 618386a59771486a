import { eq } from "drizzle-orm";
import type { Presence } from "~/shared/schemas/chat-protocol";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { Meta } from "../sockets/meta";
import { socketAttachment } from "../sockets/socket-attachment";
import type { SocketSession } from "../sockets/socket-session";

/** What an inbox socket carries: its session, and when it connected (presence). */
export type InboxSocket = Partial<SocketSession> & { connectedAt?: number };

/** A socket silent (no ping) for longer than this is dead, and its user counts as offline. */
const PRESENCE_TIMEOUT_MS = 60_000;

/**
 * Whether the user is online and when they were last seen
 * (docs/decisions/075-presence-comes-from-the-inbox-sockets.md): online while a page of theirs has a
 * live socket, one that pinged within the last minute.
 *
 * `isOnline` / `lastSeen` in D1 have this one writer, which writes only on a real change: online
 * with the first open page, offline when the last one goes. It keeps its own copy of lastSeen in
 * meta so a contact's header can ask it without a D1 round trip.
 */
export class PresenceKeeper {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly meta: Meta,
    private readonly db: () => Db,
    /** The user whose presence D1 holds (null: an inbox not yet anyone's). */
    private readonly userId: () => string | null,
  ) {}

  /** What others see of this user (the conversation header): the same rule as `closeSilent`. */
  async current(sockets: WebSocket[], now: number): Promise<Presence> {
    const online = sockets.some((ws) => now - this.lastSign(ws) <= PRESENCE_TIMEOUT_MS);
    return { online, lastSeen: online ? null : await this.lastSeen() };
  }

  /** When each open socket counts as dead unless it pings before. */
  pingDeadlines(sockets: WebSocket[]): number[] {
    return sockets.map((ws) => this.lastSign(ws) + PRESENCE_TIMEOUT_MS);
  }

  /** Closes the sockets that stopped pinging: a vanished device counts as offline within a minute. */
  closeSilent(sockets: WebSocket[], now: number): void {
    for (const ws of sockets) {
      if (now - this.lastSign(ws) > PRESENCE_TIMEOUT_MS) ws.close(CLOSE_CODES.silent, "No ping for a minute");
    }
  }

  /**
   * Online or not, written only on a change. 'online' is "1" only after this inbox wrote it: an
   * inbox that never had a page open writes no 'offline' (an email alarm must not make someone look
   * recently seen).
   */
  async set(online: boolean): Promise<void> {
    const wasOnline = this.meta.get("online") === "1";
    if (online !== wasOnline) await this.write(online, Date.now());
  }

  /**
   * Writes presence as of `now`, in the inbox's copy and in D1. D1's copy serves search results and
   * profiles only: a write it refuses must not refuse the page's socket, so it is logged, and the
   * inbox forgets it wrote, for the next change to write it again.
   */
  async write(online: boolean, now: number): Promise<void> {
    const userId = this.userId();
    if (!userId) return;
    const wrote = this.meta.get("online");
    this.meta.set("online", online ? "1" : "0");
    this.meta.set("last_seen", String(now));
    try {
      await this.db()
        .update(users)
        .set({ isOnline: online, lastSeen: new Date(now) })
        .where(eq(users.id, userId));
    } catch (error) {
      if (wrote === undefined) this.meta.delete("online");
      else this.meta.set("online", wrote);
      console.error(JSON.stringify({ event: "presence_write_failed", online, error: String(error) }));
    }
  }

  /** lastSeen from the inbox's copy; an inbox older than that copy reads D1 once and keeps it. */
  private async lastSeen(): Promise<number | null> {
    const kept = this.meta.get("last_seen");
    if (kept !== undefined) return Number(kept) || null;
    const userId = this.userId();
    if (!userId) return null;
    const [row] = await this.db().select({ lastSeen: users.lastSeen }).from(users).where(eq(users.id, userId)).limit(1);
    const lastSeen = row?.lastSeen?.getTime() ?? null;
    this.meta.set("last_seen", String(lastSeen ?? 0));
    return lastSeen;
  }

  /** The newest sign of life of a socket: its last ping, or when it connected. */
  private lastSign(ws: WebSocket): number {
    const lastPing = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime();
    const { connectedAt } = socketAttachment<InboxSocket>(ws) ?? {};
    return Math.max(lastPing ?? 0, connectedAt ?? 0);
  }
}
