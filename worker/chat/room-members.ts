import { eq } from "drizzle-orm";
import { parsePairId } from "~/shared/pair-id";
import { createDb } from "../db/client";
import { users } from "../db/schema";
import type { Meta } from "../sockets/meta";

/** Set by the first connection or block that names them and never changed, so kept in memory. */
export class RoomMembers {
  private known: { pairId: string; members: readonly [string, string] } | null = null;

  constructor(
    private readonly meta: Meta,
    private readonly db: D1Database,
  ) {}

  pairId(): string | null {
    return this.pair()?.pairId ?? null;
  }

  members(): readonly [string, string] | null {
    return this.pair()?.members ?? null;
  }

  other(userId: string): string | undefined {
    const [a, b] = this.members() ?? [];
    return a === userId ? b : b === userId ? a : undefined;
  }

  claim(pairId: string): boolean {
    const known = this.pairId();
    if (!parsePairId(pairId) || (known && known !== pairId)) return false;
    if (!known) this.meta.setIfAbsent("pair_id", pairId);
    return true;
  }

  rememberName(userId: string, name: string): void {
    if (name) this.meta.set(`name:${userId}`, name);
  }

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
