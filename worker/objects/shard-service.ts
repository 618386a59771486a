import { env } from "cloudflare:workers";
import type { AnalyticsShard } from "../analytics/analytics-shard";

/** The one place an analytics shard is reached from; flushing is the shard's own alarm. */
type ShardCalls = Pick<DurableObjectStub<AnalyticsShard>, "record" | "unflushed">;

/** `index` on the ring (./shard-routing.ts). */
export function analyticsShard(index: number): ShardCalls {
  return env.ANALYTICS_SHARD.getByName(`shard-${index}`);
}
