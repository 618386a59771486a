import { env } from "cloudflare:workers";
import { purgeExpiredReports } from "../safety/reports";
import { runHousekeeping } from "./housekeeping";
import { sweepIdleConversations } from "./sweep-conversations";

/** wrangler.toml [triggers]. */
export async function runScheduledJobs(controller: ScheduledController): Promise<void> {
  const result = await runHousekeeping(env.DB, controller.scheduledTime);
  console.log(JSON.stringify({ job: "housekeeping", cron: controller.cron, ...result }));
  const swept = await sweepIdleConversations(controller.scheduledTime);
  console.log(JSON.stringify({ job: "sweep-conversations", cron: controller.cron, ...swept }));
  const purged = await purgeExpiredReports(controller.scheduledTime);
  console.log(JSON.stringify({ job: "purge-reports", cron: controller.cron, ...purged }));
}
