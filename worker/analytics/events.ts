import { routePatternOf } from "~/shared/routes";
import type { AnalyticsEvent } from "~/shared/schemas/analytics";
import { analyticsShard } from "../objects/shard-service";
import { dayOf } from "./analytics-days";
import type { ShardBatch } from "./shard-counts";
import { randomSlot, shardOf } from "./shard-routing";
import { bucketOf } from "./vital-histogram";

/** No address, user, cookie or id; no D1 write here. All events of one pattern go to the same shard. */
export async function recordEvents(events: AnalyticsEvent[], now = new Date()): Promise<void> {
  const day = dayOf(now.getTime());
  const slot = randomSlot();
  const batches = new Map<number, { views: Map<string, number>; vitals: Map<string, ShardBatch["vitals"][number]> }>();
  for (const event of events) {
    const path = routePatternOf(event.path);
    const shard = shardOf(path, slot);
    const batch = batches.get(shard) ?? { views: new Map(), vitals: new Map() };
    batches.set(shard, batch);
    if (event.type === "page_view") {
      batch.views.set(path, (batch.views.get(path) ?? 0) + 1);
    } else {
      const bucket = bucketOf(event.value);
      const key = JSON.stringify([path, event.name, bucket]);
      const vital = batch.vitals.get(key) ?? { path, name: event.name, bucket, samples: 0 };
      vital.samples += 1;
      batch.vitals.set(key, vital);
    }
  }
  await Promise.all(
    [...batches].map(([shard, { views, vitals }]) =>
      analyticsShard(shard).record({
        day,
        views: [...views].map(([path, count]) => ({ path, views: count })),
        vitals: [...vitals.values()],
      }),
    ),
  );
}
