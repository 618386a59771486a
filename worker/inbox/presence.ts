import { eq } from "drizzle-orm";
import type { Presence } from "~/shared/schemas/chat-protocol";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { Meta } from "../sockets/meta";
import { socketAttachment } from "../sockets/socket-attachment";
import type { SocketSession } from "../sockets/socket-session";

export type InboxSocket = Partial<SocketSession> & { connectedAt?: number };

const PRESENCE_TIMEOUT_MS = 60_000;

/**
 * The one writer of `isOnline` / `lastSeen` in D1, only on a real change; it keeps lastSeen in meta so
 * a header can ask without D1 (docs/decisions/075-presence-comes-from-the-inbox-sockets.md).
 */
export class PresenceKeeper {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly meta: Meta,
    private readonly db: () => Db,
    private readonly userId: () => string | null,
  ) {}

  async current(sockets: WebSocket[], now: number): Promise<Presence> {
    const online = sockets.some((ws) => now - this.lastSign(ws) <= PRESENCE_TIMEOUT_MS);
    return { online, lastSeen: online ? null : await this.lastSeen() };
  }

  pingDeadlines(sockets: WebSocket[]): number[] {
    return sockets.map((ws) => this.lastSign(ws) + PRESENCE_TIMEOUT_MS);
  }

  /** A vanished device counts as offline within a minute. */
  closeSilent(sockets: WebSocket[], now: number): void {
    for (const ws of sockets) {
      if (now - this.lastSign(ws) > PRESENCE_TIMEOUT_MS) ws.close(CLOSE_CODES.silent, "No ping for a minute");
    }
  }

  /**
   * An inbox that never had a page open writes no 'offline': an email alarm must not make someone
   * look recently seen.
   */
  async set(online: boolean): Promise<void> {
    const wasOnline = this.meta.get("online") === "1";
    if (online !== wasOnline) await this.write(online, Date.now());
  }

  /** A write D1 refuses must not refuse the page's socket: it is logged and written again at the next change. */
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

  /** An inbox older than that copy reads D1 once. */
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

  private lastSign(ws: WebSocket): number {
    const lastPing = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime();
    const { connectedAt } = socketAttachment<InboxSocket>(ws) ?? {};
    return Math.max(lastPing ?? 0, connectedAt ?? 0);
  }
}
