import { createHash } from "node:crypto";
import path from "node:path";
import { rolldown } from "rolldown";
import type { Plugin } from "vite";

/**
 * The small scripts of pages that load no framework, built from typed sources under
 * app/page-scripts/ that import the same constants and modules as the app (one source of truth):
 *
 *   - `boot`: inlined into every page's <head> (classic script): marks that scripts run and wires
 *     Quick exit and Escape×3 before anything else has loaded;
 *   - `page-analytics`: a module on every page: web vitals and client-side page views;
 *   - `public-page`: a module on pages without the framework: the carousel and the mobile menu;
 *   - `auth-forms`: a module on the sign-in screens (which load no framework either): their checks
 *     before posting, show/hide password, the busy button, and sign-up's picture and its upload.
 *
 * Each is bundled by rolldown (Vite's own bundler) into one minified file. The server reads
 * `virtual:page-scripts` for the inline code and the modules' URLs; the client build emits the
 * modules as `assets/<name>-<hash>.js`, a name both builds compute from the same bytes. In
 * `npm run dev` the modules are served by Vite from their sources and the inline code is rebuilt
 * when one of its files changes.
 */

const VIRTUAL_ID = "virtual:page-scripts";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

const MODULES = {
  analytics: "app/page-scripts/page-analytics.ts",
  publicPage: "app/page-scripts/public-page.ts",
  authForms: "app/page-scripts/auth-forms.ts",
};
/** The file name each module is served under (before its hash). */
const MODULE_FILES: Record<keyof typeof MODULES, string> = {
  analytics: "page-analytics",
  publicPage: "public-page",
  authForms: "auth-forms",
};
const INLINE = { boot: "app/page-scripts/boot.ts" };

type Bundle = { code: string; moduleIds: string[] };

/** One entry bundled alone: no chunks, no imports left, minified. */
async function bundle(root: string, entry: string, format: "iife" | "esm", minify: boolean): Promise<Bundle> {
  const build = await rolldown({
    input: path.join(root, entry),
    cwd: root,
    platform: "browser",
    tsconfig: path.join(root, "tsconfig.json"),
    transform: { target: "es2020" },
    logLevel: "warn",
  });
  try {
    const { output } = await build.generate({ format, minify, codeSplitting: false });
    const [chunk] = output;
    if (chunk?.type !== "chunk") throw new Error(`${entry} produced no script`);
    // Inlined into the page's HTML: the code must not be able to end its own <script> element.
    if (/<\/script/i.test(chunk.code))
      throw new Error(`${entry} contains "</script", which would end the inline script`);
    return { code: chunk.code.trim(), moduleIds: chunk.moduleIds.filter((id) => path.isAbsolute(id)) };
  } finally {
    await build.close();
  }
}

/** The file name a module is served under: its name and a hash of its bytes. */
function assetFileName(name: string, code: string): string {
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
  return `assets/${name}-${hash}.js`;
}

type Built = {
  inline: Record<keyof typeof INLINE, Bundle>;
  modules: Record<keyof typeof MODULES, Bundle & { fileName: string }>;
};

async function buildAll(root: string, minify: boolean): Promise<Built> {
  const names = Object.keys(MODULES) as (keyof typeof MODULES)[];
  const [boot, ...bundles] = await Promise.all([
    bundle(root, INLINE.boot, "iife", minify),
    ...names.map((name) => bundle(root, MODULES[name], "esm", minify)),
  ]);
  const modules = Object.fromEntries(
    names.map((name, index) => {
      const built = bundles[index] as Bundle;
      return [name, { ...built, fileName: assetFileName(MODULE_FILES[name], built.code) }];
    }),
  ) as Built["modules"];
  return { inline: { boot: boot as Bundle }, modules };
}

export function pageScripts(): Plugin {
  let root = process.cwd();
  let serving = false;
  let built: Promise<Built> | undefined;
  const current = () => {
    built ??= buildAll(root, !serving);
    return built;
  };

  return {
    name: "kindred:page-scripts",
    configResolved(config) {
      root = config.root;
      serving = config.command === "serve";
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return;
      const { inline, modules } = await current();
      for (const file of [...Object.values(inline), ...Object.values(modules)].flatMap((b) => b.moduleIds)) {
        this.addWatchFile(file);
      }
      // The browser never runs the inline code from the app's bundle (it ran from the page), so the
      // client gets a placeholder, as React Router's own inline scripts do.
      const onServer = this.environment.config.consumer === "server";
      const url = (name: keyof typeof MODULES) => (serving ? `/${MODULES[name]}` : `/${modules[name].fileName}`);
      return [
        `export const BOOT_SCRIPT = ${JSON.stringify(onServer ? inline.boot.code : " ")};`,
        `export const PAGE_ANALYTICS_URL = ${JSON.stringify(url("analytics"))};`,
        `export const PUBLIC_PAGE_URL = ${JSON.stringify(url("publicPage"))};`,
        `export const AUTH_FORMS_URL = ${JSON.stringify(url("authForms"))};`,
      ].join("\n");
    },
    watchChange(id) {
      if (id.startsWith(path.join(root, "app"))) built = undefined;
    },
    async generateBundle() {
      if (this.environment.config.consumer !== "client") return;
      const { modules } = await current();
      for (const { fileName, code } of Object.values(modules)) this.emitFile({ type: "asset", fileName, source: code });
    },
  };
}
