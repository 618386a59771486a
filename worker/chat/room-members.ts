import { eq } from "drizzle-orm";
import { parsePairId } from "~/shared/pair-id";
import { createDb } from "../db/client";
import { users } from "../db/schema";
import type { Meta } from "../sockets/meta";

/**
 * Who this room is for: the pair it serves and its two members, stored in `meta` by the first
 * connection or block that names them and never changed, so kept in memory once read; and the
 * members' usernames, for the other member's conversation list.
 */
export class RoomMembers {
  private known: { pairId: string; members: readonly [string, string] } | null = null;

  constructor(
    private readonly meta: Meta,
    private readonly db: D1Database,
  ) {}

  /** The pair this room serves (null before anything named it). */
  pairId(): string | null {
    return this.pair()?.pairId ?? null;
  }

  /** The room's two members (null before anything named them). */
  members(): readonly [string, string] | null {
    return this.pair()?.members ?? null;
  }

  /** The other member than `userId` (undefined for someone not in this room). */
  other(userId: string): string | undefined {
    const [a, b] = this.members() ?? [];
    return a === userId ? b : b === userId ? a : undefined;
  }

  /**
   * Whether `pairId` may be this room's (a canonical pair id, and the room's own once it has one);
   * the first one accepted becomes the room's.
   */
  claim(pairId: string): boolean {
    const known = this.pairId();
    if (!parsePairId(pairId) || (known && known !== pairId)) return false;
    if (!known) this.meta.setIfAbsent("pair_id", pairId);
    return true;
  }

  rememberName(userId: string, name: string): void {
    if (name) this.meta.set(`name:${userId}`, name);
  }

  /** A member's username: remembered when they connect, otherwise looked up once in D1. */
  async nameOf(userId: string): Promise<string> {
    const known = this.meta.get(`name:${userId}`);
    if (known) return known;
    const [row] = await createDb(this.db)
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const name = row?.username ?? "";
    this.rememberName(userId, name);
    return name;
  }

  private pair() {
    if (!this.known) {
      const pairId = this.meta.get("pair_id");
      const members = pairId ? parsePairId(pairId) : null;
      if (pairId && members) this.known = { pairId, members };
    }
    return this.known;
  }
}
