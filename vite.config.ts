import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { pageScripts } from "./scripts/page-scripts-plugin.ts";

/**
 * Small app modules that every hydrated page loads (root, layout, header, footer and what they
 * import). Shared by many routes, the bundler would give each its own tiny file; as one chunk they
 * are one request (docs/decisions/115-small-modules-every-hydrated-page-loads-share-one-chunk.md).
 * Lazy, signed-in-only modules stay out. Public pages load none of this: their scripts are
 * app/page-scripts/ (scripts/page-scripts-plugin.ts).
 */
const SHELL_MODULES = [
  "app/shared/routes.ts",
  "app/lib/meta.ts",
  "app/lib/public-config.ts",
  "app/lib/analytics.ts",
  "app/lib/signed-in-user.ts",
  "app/shared/crisis-help.ts",
  "app/lib/crisis-help.ts",
  "app/components/safety/country-chooser-link.tsx",
  "app/lib/quick-exit.ts",
  "app/lib/quick-exit-texts.ts",
  "app/lib/page-language.ts",
  "app/components/layout/language-switch.tsx",
  "app/lib/page-leaving.ts",
  "app/lib/page-scripts.ts",
  "app/lib/script-nonce.ts",
  "app/lib/escape-key.ts",
  "app/lib/mobile-menu.ts",
  "app/components/layout/site-shell.tsx",
  "app/components/layout/site-header.tsx",
  "app/components/layout/site-footer.tsx",
  "app/components/layout/header-account-actions.tsx",
  "app/components/layout/logo.tsx",
  "app/components/layout/quick-exit.tsx",
  "app/components/layout/crisis-resources-box.tsx",
  "app/components/layout/error-pages.tsx",
];

/**
 * A second dev server beside `npm run dev` (test/dev/dev-server-refusals.ts) runs on its own port
 * and local state: KINDRED_DEV_STATE is its state directory (as `--persist-to`), KINDRED_DEV_ORIGIN
 * its address, which becomes APP_URL so its pages' own posts are not refused as cross-site.
 */
const DEV_STATE = process.env.KINDRED_DEV_STATE;
const DEV_ORIGIN = process.env.KINDRED_DEV_ORIGIN;

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: DEV_STATE ? { path: DEV_STATE } : true,
      config: (worker) => (DEV_ORIGIN ? { vars: { ...worker.vars, APP_URL: DEV_ORIGIN } } : {}),
    }),
    tailwindcss(),
    reactRouter(),
    pageScripts(),
  ],
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: {
      // app/components/deferred.tsx imports some modules the page also imports: there `lazy()` is
      // for hydrating them after the page, not for a chunk of their own, so the bundler's note that
      // the import moves nothing is expected there (and only there), in the client and server builds.
      onLog(level, log, handler) {
        if (log.code === "INEFFECTIVE_DYNAMIC_IMPORT" && log.message.includes("app/components/deferred.tsx")) return;
        handler(level, log);
      },
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "shell", test: (id: string) => SHELL_MODULES.some((path) => id.endsWith(path)) }],
            },
          },
        },
      },
    },
  },
});
