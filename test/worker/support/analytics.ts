import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { ANALYTICS_SHARDS } from "../../../worker/analytics/shard-routing";

/** Shard `index` of the ring, as the service module names it. */
export const shard = (index: number) => env.ANALYTICS_SHARD.getByName(`shard-${index}`);

const everyShard = () => Array.from({ length: ANALYTICS_SHARDS }, (_, index) => shard(index));

/** Runs every shard's alarm that is set (one flush each), as the runtime would a minute on; how many ran. */
export async function flushAllShards(): Promise<number> {
  const ran = await Promise.all(everyShard().map((stub) => runDurableObjectAlarm(stub)));
  return ran.filter(Boolean).length;
}

/** Flushes until no shard has anything left to write. */
export async function drainShards(): Promise<void> {
  for (let round = 0; round < 5; round++) if ((await flushAllShards()) === 0) return;
  throw new Error("the shards kept flushing");
}

/** What a shard holds in its storage, read straight from its SQLite. */
export function shardRows<T extends Record<string, SqlStorageValue>>(
  index: number,
  query: string,
  ...bindings: SqlStorageValue[]
): Promise<T[]> {
  return runInDurableObject(shard(index), (_shard, state) => state.storage.sql.exec<T>(query, ...bindings).toArray());
}

/** When a shard's alarm (its next flush) is set for; null for none. */
export function shardAlarm(index: number): Promise<number | null> {
  return runInDurableObject(shard(index), (_shard, state) => state.storage.getAlarm());
}

/** Page views per path waiting in the shards for their next flush. */
export async function viewsWaitingInShards(): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (let index = 0; index < ANALYTICS_SHARDS; index++) {
    const query = "SELECT path, views FROM view_counts WHERE flush = 0";
    for (const row of await shardRows<{ path: string; views: number }>(index, query)) {
      totals.set(row.path, (totals.get(row.path) ?? 0) + row.views);
    }
  }
  return totals;
}

/** Page views per path in D1 (all days). */
export async function viewsInD1(): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare(
    "SELECT path, sum(views) AS views FROM analytics_page_views GROUP BY path",
  ).all<{ path: string; views: number }>();
  return new Map(results.map((row) => [row.path, row.views]));
}

/** Web vital samples per (path, name) in D1 (all days). */
export async function vitalSamplesInD1(): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare(
    "SELECT path, name, sum(samples) AS samples FROM analytics_vitals GROUP BY path, name",
  ).all<{ path: string; name: string; samples: number }>();
  return new Map(results.map((row) => [`${row.name} ${row.path}`, row.samples]));
}

/** Flushes whatever the shards hold, then empties D1's analytics: a test starts from nothing. */
export async function clearAnalytics(): Promise<void> {
  await drainShards();
  // A shard keeps its last flush after D1 has it, for a read replica a moment behind; the D1 rows
  // that say it landed go below, so those kept rows go too.
  await Promise.all(
    everyShard().map((stub) =>
      runInDurableObject(stub, (_shard, state) => {
        state.storage.sql.exec("DELETE FROM view_counts");
        state.storage.sql.exec("DELETE FROM vital_counts");
      }),
    ),
  );
  await env.DB.batch([
    env.DB.prepare("DELETE FROM analytics_page_views"),
    env.DB.prepare("DELETE FROM analytics_vitals"),
  ]);
}

export const vital = (name: string, value: number, path = "/") => ({
  type: "web_vital" as const,
  path,
  name,
  value,
  category: "Web Vitals" as const,
});

/** The exact 75th percentile of samples (the ⌈0.75·n⌉-th smallest), to compare the histograms' with. */
export function exactP75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)] ?? 0;
}

/** Every page view and vital sample waiting in the shards for their next flush. */
export async function waitingInShards(): Promise<number> {
  let total = 0;
  for (let index = 0; index < ANALYTICS_SHARDS; index++) {
    const [row] = await shardRows<{ n: number }>(
      index,
      `SELECT (SELECT coalesce(sum(views), 0) FROM view_counts WHERE flush = 0)
            + (SELECT coalesce(sum(samples), 0) FROM vital_counts WHERE flush = 0) AS n`,
    );
    total += row?.n ?? 0;
  }
  return total;
}
