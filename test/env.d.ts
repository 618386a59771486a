import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      /** migrations/ as read by vitest.config.ts; only in worker tests. */
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
