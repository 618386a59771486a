import { sqlMigration } from "../sockets/migrations";

/** A quick run of messages costs each inbox one update; lists trail by about 0.1 s. */
const INBOX_COALESCE_MS = 100;
/**
 * Each update costs both inboxes a durable write, so a long conversation updates every ~2 s, spread
 * so rooms do not update in step (docs/decisions/072-inbox-updates-are-coalesced-per-room.md).
 */
const INBOX_UPDATE_INTERVAL_MS = 2000;
const nextUpdateAfter = (at: number) => at + INBOX_UPDATE_INTERVAL_MS * (0.75 + Math.random() / 2);
/** The timer delivers normally; the alarm is for an instance that is gone, with no alarm write per update. */
const INBOX_BACKSTOP_MS = 5000;
const INBOX_RETRY_BASE_MS = 1000;
const INBOX_RETRY_MAX_MS = 60_000;

export const INBOX_OUTBOX_TABLE = sqlMigration(`
  -- A member whose inbox is owed an update (it carries the newest message when delivered); seq is
  -- the message that made it owed. A row may outlive its delivery until the room's alarm clears it.
  CREATE TABLE IF NOT EXISTS inbox_outbox (
    member_id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    due_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0
  );
`);

type InboxDelivery = {
  deliver(member: string): Promise<number | null>;
  latestSeq(): number;
};

/**
 * Written with the message that makes it owed, so a restart cannot lose it. Delivery writes nothing;
 * after a restart a row is delivered again, and inboxes ignore a seq they already show.
 */
export class OwedInboxUpdates {
  private readonly due = new Map<string, number>();
  private readonly delivered = new Set<string>();
  private lastDeliveryAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly sql: SqlStorage,
    private readonly delivery: InboxDelivery,
  ) {
    const rows = sql.exec<{ member_id: string; due_at: number }>("SELECT member_id, due_at FROM inbox_outbox");
    for (const row of rows) this.due.set(row.member_id, row.due_at);
    this.arm();
  }

  /** Synchronous: the caller's step stores the message and this together. A member already owed writes nothing more. */
  owe(members: readonly string[], seq: number, now: number): boolean {
    const owed = members.filter((member) => !this.due.has(member));
    if (owed.length === 0) return false;
    const due = Math.max(now + INBOX_COALESCE_MS, nextUpdateAfter(this.lastDeliveryAt));
    this.sql.exec(
      `INSERT INTO inbox_outbox (member_id, seq, due_at) VALUES ${owed.map(() => "(?, ?, ?)").join(", ")}
       ON CONFLICT (member_id) DO UPDATE SET seq = excluded.seq, due_at = excluded.due_at, attempts = 0`,
      ...owed.flatMap((member) => [member, seq, due]),
    );
    for (const member of owed) {
      this.due.set(member, due);
      this.delivered.delete(member);
    }
    this.arm();
    return true;
  }

  alarmDue(now: number): number | null {
    if (this.due.size > 0) return Math.min(...this.due.values()) + INBOX_BACKSTOP_MS;
    return this.delivered.size > 0 ? now + INBOX_BACKSTOP_MS : null;
  }

  async onAlarm(now: number): Promise<void> {
    await this.deliverDue(now);
    for (const member of this.delivered) {
      this.sql.exec("DELETE FROM inbox_outbox WHERE member_id = ?", member);
    }
    this.delivered.clear();
  }

  clear(): void {
    this.sql.exec("DELETE FROM inbox_outbox");
    this.due.clear();
    this.delivered.clear();
    this.arm();
  }

  private arm() {
    const next = this.due.size > 0 ? Math.min(...this.due.values()) : Number.POSITIVE_INFINITY;
    if (next === this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = next;
    if (next === Number.POSITIVE_INFINITY) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.deliverDue(Date.now()).catch((error) =>
          console.error(JSON.stringify({ at: "owed-inbox-updates.timer", error: String(error) })),
        );
      },
      Math.max(0, next - Date.now()),
    );
  }

  /** The timer and the alarm may both find the same update due. */
  private deliverDue(now: number): Promise<void> {
    // One failure must not stop every later delivery of this instance.
    const run = () => this.deliverNow(now);
    this.running = this.running.then(run, run);
    return this.running;
  }

  private async deliverNow(now: number): Promise<void> {
    const due = [...this.due].filter(([, at]) => at <= now).map(([member]) => member);
    if (due.length > 0) this.lastDeliveryAt = now;
    await Promise.all(due.map((member) => this.deliverTo(member)));
    this.arm();
  }

  private async deliverTo(member: string): Promise<void> {
    try {
      const sent = await this.delivery.deliver(member);
      if (!this.due.has(member)) return; // a block cleared it meanwhile
      if (sent !== null && this.delivery.latestSeq() > sent) {
        this.due.set(member, nextUpdateAfter(Date.now()));
      } else {
        this.due.delete(member);
        this.delivered.add(member);
      }
    } catch (error) {
      if (!this.due.has(member)) return;
      const { attempts } = this.sql
        .exec<{ attempts: number }>(
          "UPDATE inbox_outbox SET attempts = attempts + 1 WHERE member_id = ? RETURNING attempts",
          member,
        )
        .one();
      const retryAt = Date.now() + Math.min(INBOX_RETRY_MAX_MS, INBOX_RETRY_BASE_MS * 2 ** (attempts - 1));
      this.sql.exec("UPDATE inbox_outbox SET due_at = ? WHERE member_id = ?", retryAt, member);
      this.due.set(member, retryAt);
      console.error(JSON.stringify({ at: "owed-inbox-updates.deliver", member, error: String(error) }));
    }
  }
}
