import { SESSION_TIMEOUT_MS } from "~/shared/inactivity";
import { idleDeadlineOf, readLastActivity, writeIdleLogout } from "../auth/session";
import type { Db } from "../db/client";
import type { Meta } from "../sockets/meta";

/** Spec section 4: kept in the inbox so a heartbeat writes nothing to D1. */
export class IdleDeadline {
  constructor(
    private readonly meta: Meta,
    private readonly db: () => Db,
    private readonly endEverySession: (sessionIds: string[], now: number) => Promise<void>,
  ) {}

  current(): number | null {
    const value = this.meta.get("idle_deadline");
    return value === undefined ? null : Number(value);
  }

  raise(deadline: number): number {
    const current = this.current() ?? 0;
    if (deadline <= current) return current;
    this.meta.set("idle_deadline", String(deadline));
    return deadline;
  }

  /** Never moves back; answers the latest activity known. */
  recordActivity(lastActivity: number): number {
    return this.raise(idleDeadlineOf(lastActivity)) - SESSION_TIMEOUT_MS;
  }

  /** Once passed, the forced logout happens here and the answer is null. */
  async live(userId: string | null, now: number): Promise<number | null> {
    if (!userId) return null;
    const db = this.db();
    // An inbox from before activity was kept here starts once from D1's record.
    const known = this.current() ?? this.raise(idleDeadlineOf(await readLastActivity(db, userId)));
    if (known > now) return known;
    await this.endEverySession(await writeIdleLogout(db, userId, now), now);
    return null;
  }
}
