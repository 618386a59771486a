import { DurableObject } from "cloudflare:workers";
import { runMigrations } from "../sockets/migrations";
import { writeFlush } from "./flush-writer";
import { SHARD_TABLES, type ShardBatch, ShardCounts, type Unflushed } from "./shard-counts";

export const FLUSH_INTERVAL_MS = 60_000;

/**
 * docs/architecture.md "Scaling": counts in SQLite, flushed to D1 by its alarm. A failed flush keeps
 * its counts; one written twice counts once (flush-writer.ts).
 */
export class AnalyticsShard extends DurableObject<Env> {
  private readonly counts: ShardCounts;
  private flushAt: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    runMigrations(ctx.storage.sql, [SHARD_TABLES]);
    this.counts = new ShardCounts(ctx.storage);
    void ctx.blockConcurrencyWhile(async () => {
      this.flushAt = await ctx.storage.getAlarm();
      // Counts whose alarm is gone still go out.
      if (this.flushAt === null && this.counts.any()) await this.scheduleFlush();
    });
  }

  /** Stored before the call returns. */
  async record(batch: ShardBatch): Promise<void> {
    this.counts.add(batch);
    if (this.flushAt === null) await this.scheduleFlush();
  }

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
        // D1 adds the flush once however often it is sent.
        console.error(JSON.stringify({ event: "analytics_flush_failed", seq: flush.seq, error: String(error) }));
      }
    }
    if (this.flushAt === null && this.counts.any()) await this.scheduleFlush();
  }

  private async scheduleFlush(): Promise<void> {
    this.flushAt = Date.now() + FLUSH_INTERVAL_MS;
    await this.ctx.storage.setAlarm(this.flushAt);
  }
}
