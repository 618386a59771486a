import { env } from "cloudflare:workers";
import type { AnalyticsShard } from "../analytics/analytics-shard";

/**
 * What the rest of the server may ask of an analytics shard, and the one place one is reached from
 * (like worker/objects/room-service.ts):
 * - `recordEvents` (./events.ts, the one entrance for events): `record`;
 * - the dashboard's summary (./summary.ts): `unflushed`.
 * Flushing is the shard's own alarm; nothing else calls it.
 */
type ShardCalls = Pick<DurableObjectStub<AnalyticsShard>, "record" | "unflushed">;

/** Shard `index` of the ring (./shard-routing.ts). */
export function analyticsShard(index: number): ShardCalls {
  return env.ANALYTICS_SHARD.getByName(`shard-${index}`);
}
