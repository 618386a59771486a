import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Each test file starts from an empty D1; this brings it to the schema of migrations/.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
