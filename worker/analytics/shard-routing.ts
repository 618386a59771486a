/**
 * A busy pattern is spread over neighbours on a fixed ring, so the dashboard can ask every shard
 * (docs/decisions/119-analytics-are-counted-in-sixteen-shards-and-written-to-d1.md). Raise, never
 * lower: the dashboard would miss a dropped shard's last minute.
 */
export const ANALYTICS_SHARDS = 16;
export const SLOTS_PER_PATTERN = 4;

function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function shardOf(pattern: string, slot: number): number {
  return (hashOf(pattern) + slot) % ANALYTICS_SHARDS;
}

/** One recording's events of one pattern all go to one shard. */
export function randomSlot(): number {
  return Math.floor(Math.random() * SLOTS_PER_PATTERN);
}
