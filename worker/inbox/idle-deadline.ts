import { SESSION_TIMEOUT_MS } from "~/shared/inactivity";
import { idleDeadlineOf, readLastActivity, writeIdleLogout } from "../auth/session";
import type { Db } from "../db/client";
import type { Meta } from "../sockets/meta";

/**
 * The user's idle deadline (spec section 4): 10 minutes after the latest activity on any
 * of their pages, kept in the user's inbox so a heartbeat writes nothing to D1. Once it passes,
 * every session of the user ends.
 */
export class IdleDeadline {
  constructor(
    private readonly meta: Meta,
    private readonly db: () => Db,
    /** Ends every session of the user (D1 rows already deleted) and closes their sockets. */
    private readonly endEverySession: (sessionIds: string[], now: number) => Promise<void>,
  ) {}

  /** The deadline as kept here (null: an inbox that has not kept one yet). */
  current(): number | null {
    const value = this.meta.get("idle_deadline");
    return value === undefined ? null : Number(value);
  }

  /** Moves the deadline to `deadline` unless it is later already; answers the one in force. */
  raise(deadline: number): number {
    const current = this.current() ?? 0;
    if (deadline <= current) return current;
    this.meta.set("idle_deadline", String(deadline));
    return deadline;
  }

  /**
   * Activity on one of the user's pages (the heartbeat, a sign-in): the deadline moves to 10 minutes
   * after it, never back. Answers the latest activity known, which another device may have moved later.
   */
  recordActivity(lastActivity: number): number {
    return this.raise(idleDeadlineOf(lastActivity)) - SESSION_TIMEOUT_MS;
  }

  /**
   * The deadline while it has not passed. Once it has, the forced logout happens here (the record
   * in D1, every session ended, every socket of the user closed) and the answer is null.
   */
  async live(userId: string | null, now: number): Promise<number | null> {
    if (!userId) return null;
    const db = this.db();
    // An inbox older than keeping activity here starts from the D1 record (sign-in and forced
    // logouts still write it), once; from then on its own copy is the one that moves.
    const known = this.current() ?? this.raise(idleDeadlineOf(await readLastActivity(db, userId)));
    if (known > now) return known;
    await this.endEverySession(await writeIdleLogout(db, userId, now), now);
    return null;
  }
}
