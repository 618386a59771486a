import type { WebVitalName } from "~/shared/analytics-protocol";
import { Meta } from "../sockets/meta";
import { sqlMigration } from "../sockets/migrations";

/**
 * A row's `flush` is 0 while waiting, then the number of the flush that took it; taken rows stay
 * unchanged until D1 has them. The last flush D1 has is kept for a dashboard reading a lagging replica.
 */
export const SHARD_TABLES = sqlMigration(`
  CREATE TABLE IF NOT EXISTS view_counts (
    flush INTEGER NOT NULL,
    day INTEGER NOT NULL,
    path TEXT NOT NULL,
    views INTEGER NOT NULL,
    PRIMARY KEY (flush, day, path)
  );
  CREATE TABLE IF NOT EXISTS vital_counts (
    flush INTEGER NOT NULL,
    day INTEGER NOT NULL,
    path TEXT NOT NULL,
    name TEXT NOT NULL,
    bucket INTEGER NOT NULL,
    samples INTEGER NOT NULL,
    PRIMARY KEY (flush, day, path, name, bucket)
  );
`);

export type ShardBatch = {
  day: number;
  views: { path: string; views: number }[];
  vitals: { path: string; name: WebVitalName; bucket: number; samples: number }[];
};

/** D1 remembers `source` and the number, so writing it twice adds it once. */
export type Flush = {
  source: string;
  seq: number;
  views: { day: number; path: string; views: number }[];
  vitals: { day: number; path: string; name: WebVitalName; samples: number; histogram: Record<string, number> }[];
};

/** Each row with its flush number, so the dashboard can leave out what its D1 already has. */
export type Unflushed = {
  source: string;
  views: { seq: number; day: number; path: string; views: number }[];
  vitals: { seq: number; day: number; name: WebVitalName; bucket: number; samples: number }[];
};

const SOURCE_KEY = "analytics_source";
const LAST_SEQ_KEY = "analytics_last_flush";
const TAKEN_KEY = "analytics_taken_flush";

export class ShardCounts {
  private readonly sql: SqlStorage;
  private readonly meta: Meta;
  readonly source: string;

  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql;
    this.meta = new Meta(this.sql);
    this.meta.setIfAbsent(SOURCE_KEY, crypto.randomUUID());
    this.source = this.meta.get(SOURCE_KEY) as string;
  }

  /** All or nothing. */
  add(batch: ShardBatch): void {
    this.storage.transactionSync(() => {
      for (const { path, views } of batch.views) {
        this.sql.exec(
          `INSERT INTO view_counts (flush, day, path, views) VALUES (0, ?, ?, ?)
           ON CONFLICT (flush, day, path) DO UPDATE SET views = views + excluded.views`,
          batch.day,
          path,
          views,
        );
      }
      for (const { path, name, bucket, samples } of batch.vitals) {
        this.sql.exec(
          `INSERT INTO vital_counts (flush, day, path, name, bucket, samples) VALUES (0, ?, ?, ?, ?, ?)
           ON CONFLICT (flush, day, path, name, bucket) DO UPDATE SET samples = samples + excluded.samples`,
          batch.day,
          path,
          name,
          bucket,
          samples,
        );
      }
    });
  }

  any(): boolean {
    return this.taken() > 0 || this.waiting();
  }

  /** The one taken before while D1 may not have it, unchanged; else everything waiting. */
  take(): Flush | null {
    return this.storage.transactionSync(() => {
      const taken = this.taken();
      if (taken > 0) return this.flushOf(taken);
      if (!this.waiting()) return null;
      const seq = this.lastSeq() + 1;
      this.sql.exec("UPDATE view_counts SET flush = ? WHERE flush = 0", seq);
      this.sql.exec("UPDATE vital_counts SET flush = ? WHERE flush = 0", seq);
      this.meta.set(LAST_SEQ_KEY, String(seq));
      this.meta.set(TAKEN_KEY, String(seq));
      return this.flushOf(seq);
    });
  }

  /** The previous flush goes; this one stays until the next lands. */
  flushed(seq: number): void {
    this.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM view_counts WHERE flush > 0 AND flush < ?", seq);
      this.sql.exec("DELETE FROM vital_counts WHERE flush > 0 AND flush < ?", seq);
      this.meta.delete(TAKEN_KEY);
    });
  }

  unflushed(firstDay: number): Unflushed {
    const next = this.lastSeq() + 1;
    const seqOf = (flush: number) => (flush === 0 ? next : flush);
    const views = this.sql
      .exec<{ flush: number; day: number; path: string; views: number }>(
        "SELECT flush, day, path, views FROM view_counts WHERE day >= ?",
        firstDay,
      )
      .toArray()
      .map(({ flush, ...row }) => ({ seq: seqOf(flush), ...row }));
    const vitals = this.sql
      .exec<{ flush: number; day: number; name: WebVitalName; bucket: number; samples: number }>(
        `SELECT flush, day, name, bucket, sum(samples) AS samples FROM vital_counts WHERE day >= ?
         GROUP BY flush, day, name, bucket`,
        firstDay,
      )
      .toArray()
      .map(({ flush, ...row }) => ({ seq: seqOf(flush), ...row }));
    return { source: this.source, views, vitals };
  }

  private taken(): number {
    return Number(this.meta.get(TAKEN_KEY) ?? 0);
  }

  private waiting(): boolean {
    const query =
      "SELECT EXISTS (SELECT 1 FROM view_counts WHERE flush = 0) OR EXISTS (SELECT 1 FROM vital_counts WHERE flush = 0) AS any";
    return this.sql.exec<{ any: number }>(query).one().any === 1;
  }

  private lastSeq(): number {
    return Number(this.meta.get(LAST_SEQ_KEY) ?? 0);
  }

  private flushOf(seq: number): Flush {
    const views = this.sql
      .exec<{ day: number; path: string; views: number }>(
        "SELECT day, path, views FROM view_counts WHERE flush = ?",
        seq,
      )
      .toArray();
    const histograms = new Map<string, Flush["vitals"][number]>();
    const rows = this.sql.exec<{ day: number; path: string; name: WebVitalName; bucket: number; samples: number }>(
      "SELECT day, path, name, bucket, samples FROM vital_counts WHERE flush = ?",
      seq,
    );
    for (const { day, path, name, bucket, samples } of rows) {
      const key = JSON.stringify([day, path, name]);
      const vital = histograms.get(key) ?? { day, path, name, samples: 0, histogram: {} };
      vital.samples += samples;
      vital.histogram[bucket] = (vital.histogram[bucket] ?? 0) + samples;
      histograms.set(key, vital);
    }
    return { source: this.source, seq, views, vitals: [...histograms.values()] };
  }
}
