import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { pageScripts } from "./scripts/page-scripts-plugin.ts";

/**
 * Server-side tests run inside workerd with the bindings of wrangler.toml; every test file gets
 * isolated D1/R2/Durable Object storage, with the migrations applied by the setup file.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      // The root layout imports the page scripts' inline code and URLs (route modules' actions and
      // the root middleware run in these tests): built by the same plugin as the app.
      pageScripts(),
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // Test-only secret: workerd tests have no .dev.vars.
            BETTER_AUTH_SECRET: "test-only-secret-0123456789abcdefghijklmnop",
          },
        },
      }),
    ],
    resolve: {
      tsconfigPaths: true,
      alias: {
        // Pages are rendered and tested in the browser suite against the real build; the React
        // Router build does not exist in this runtime
        // (see docs/decisions/014-worker-tests-never-render-pages.md).
        "virtual:react-router/server-build": "./test/worker/support/no-server-build.ts",
      },
    },
    test: {
      include: ["test/unit/**/*.test.ts", "test/worker/**/*.test.ts"],
      setupFiles: ["./test/worker/support/apply-migrations.ts"],
      // Password hashing is CPU-bound: a test of a dozen sign-ins takes 1.5 s alone but over 5 s
      // (Vitest's default limit) while every file runs at once on CI's two cores.
      testTimeout: 20_000,
    },
  };
});
