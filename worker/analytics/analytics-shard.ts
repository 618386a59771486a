import { DurableObject } from "cloudflare:workers";
import { runMigrations } from "../sockets/migrations";
import { writeFlush } from "./flush-writer";
import { SHARD_TABLES, type ShardBatch, ShardCounts, type Unflushed } from "./shard-counts";

/** A shard writes what it counted to D1 about this long after the first count waiting. */
export const FLUSH_INTERVAL_MS = 60_000;

/**
 * One of the analytics shards (docs/architecture.md "Scaling"): it counts page views and
 * web vitals in its SQLite storage as they arrive (worker/analytics/events.ts decides which shard
 * gets what) and, with its alarm, writes them to D1 as aggregated rows about once a minute. A flush
 * that fails keeps its counts for the next try; one written twice counts once (flush-writer.ts).
 * No socket, so a plain DurableObject rather than the app's socket base.
 */
export class AnalyticsShard extends DurableObject<Env> {
  private readonly counts: ShardCounts;
  /** When the alarm is set for (null: none), read at start and then kept here. */
  private flushAt: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    runMigrations(ctx.storage.sql, [SHARD_TABLES]);
    this.counts = new ShardCounts(ctx.storage);
    void ctx.blockConcurrencyWhile(async () => {
      this.flushAt = await ctx.storage.getAlarm();
      // Counts whose alarm is gone (it gave up, or was never stored) still go out.
      if (this.flushAt === null && this.counts.any()) await this.scheduleFlush();
    });
  }

  /** A recording's counts (the Worker's `recordEvents`): stored before the call returns. */
  async record(batch: ShardBatch): Promise<void> {
    this.counts.add(batch);
    if (this.flushAt === null) await this.scheduleFlush();
  }

  /** What the dashboard adds to D1's rows: everything counted here and not yet known to be in D1. */
  unflushed(firstDay: number): Unflushed {
    return this.counts.unflushed(firstDay);
  }

  override async alarm(): Promise<void> {
    this.flushAt = null;
    const flush = this.counts.take();
    if (flush) {
      try {
        await writeFlush(this.env.DB, flush, Date.now());
        this.counts.flushed(flush.seq);
      } catch (error) {
        // The flush stays taken, as it is, for the next try: D1 adds it once however often it is sent.
        console.error(JSON.stringify({ event: "analytics_flush_failed", seq: flush.seq, error: String(error) }));
      }
    }
    // Counts that arrived during the flush, or a flush to try again.
    if (this.flushAt === null && this.counts.any()) await this.scheduleFlush();
  }

  private async scheduleFlush(): Promise<void> {
    this.flushAt = Date.now() + FLUSH_INTERVAL_MS;
    await this.ctx.storage.setAlarm(this.flushAt);
  }
}
