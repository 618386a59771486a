/**
 * Which AnalyticsShard counts an event
 * (docs/decisions/119-analytics-are-counted-in-sixteen-shards-and-written-to-d1.md): a fixed ring
 * of ANALYTICS_SHARDS objects, and each route pattern spread over SLOTS_PER_PATTERN neighbours on
 * it, so one busy pattern (the landing page) is several objects' work, and a shard's minute of
 * counts is a few patterns' rows. The ring is fixed so the dashboard can ask every shard for what
 * it has not flushed yet. Raise the count, never lower it: a shard left off the ring still flushes
 * by its own alarm, but the dashboard would not see its last minute.
 */
export const ANALYTICS_SHARDS = 16;
export const SLOTS_PER_PATTERN = 4;

/** FNV-1a: a cheap, stable spread of patterns over the ring. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The shard (0 to ANALYTICS_SHARDS − 1) of a route pattern in one of its slots. */
export function shardOf(pattern: string, slot: number): number {
  return (hashOf(pattern) + slot) % ANALYTICS_SHARDS;
}

/** The slot of one recording: its events of one pattern all go to one shard. */
export function randomSlot(): number {
  return Math.floor(Math.random() * SLOTS_PER_PATTERN);
}
