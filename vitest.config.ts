import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { pageScripts } from "./scripts/page-scripts-plugin.ts";

type Migrations = Awaited<ReturnType<typeof readD1Migrations>>;

/**
 * A project of the server inside workerd with the bindings of wrangler.toml. Its files share one
 * runtime per Vitest worker instead of starting one each (that start-up was most of the suite's
 * time); each file still starts from an empty D1 and R2, emptied by the setup file.
 */
function workerdProject(migrations: Migrations, name: string, include: string[]): TestProjectInlineConfiguration {
  return {
    extends: true,
    plugins: [
      // The root layout imports the page scripts' inline code and URLs (route modules' actions
      // and the root middleware run in these tests): built by the same plugin as the app.
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
      alias: {
        // The Worker built from the sources renders no page: the React Router build exists only
        // after a Vite build (see docs/decisions/014-worker-tests-never-render-pages.md).
        "virtual:react-router/server-build": "./test/worker/support/no-server-build.ts",
      },
    },
    test: {
      name,
      include,
      setupFiles: ["./test/worker/support/empty-storage.ts"],
      isolate: false,
      // Password hashing is CPU-bound: a test of a dozen sign-ins takes 1.5 s alone but over
      // 5 s (Vitest's default limit) while both workers run on CI's two cores.
      testTimeout: 20_000,
    },
  };
}

/**
 * Three projects (docs/decisions/142-worker-test-files-share-a-runtime-and-start-from-empty-storage.md):
 * - `unit`: pure functions (parsers, formatters, rules), in Node: nothing of the runtime is needed;
 * - `worker`: the server built from its sources, inside workerd;
 * - `build`: the production build's Worker (`npm run build` first) beside it, inside workerd, for
 *   what only the build has: the pages React Router renders (docs/decisions/189-the-first-paints-hold-rewrites-the-stream-and-is-tested-on-the-build.md).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    resolve: { tsconfigPaths: true },
    test: {
      projects: [
        {
          extends: true,
          test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node" },
        },
        workerdProject(migrations, "worker", ["test/worker/**/*.test.ts"]),
        workerdProject(migrations, "build", ["test/build/**/*.test.ts"]),
      ],
      // Two runtimes side by side: most worker tests wait on timers and sockets, not the CPU.
      maxWorkers: 2,
    },
  };
});
