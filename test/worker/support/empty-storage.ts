import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { clearAnalytics } from "./analytics";

/**
 * Every test file starts from an empty D1 at the schema of migrations/ and an empty R2, as if it had
 * the runtime to itself. The files share one runtime (starting a runtime per file cost most of the
 * suite's time), so what an earlier file wrote is removed here rather than by a new runtime.
 * Durable Objects are addressed by ids each test makes fresh, except the named ones: the analytics
 * shards are emptied here (their flush, due a minute after an earlier file's page views, would
 * otherwise land in this file's D1), and the desk by the tests that use it.
 */
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await clearAnalytics();

const { results: tables } = await env.DB.prepare(
  `SELECT name FROM sqlite_master
   WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'`,
).all<{ name: string }>();
if (tables.length > 0) {
  await env.DB.batch([
    // Rows reference each other; the checks are made at the end of the batch, when nothing is left.
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...tables.map(({ name }) => env.DB.prepare(`DELETE FROM "${name}"`)),
  ]);
}

for (let listed = await env.IMAGES.list(); listed.objects.length > 0; listed = await env.IMAGES.list()) {
  await env.IMAGES.delete(listed.objects.map((object) => object.key));
}
