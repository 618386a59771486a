// Stands in for `virtual:react-router/server-build` under Vitest. Pages are rendered and tested by
// the browser suite (test/e2e); a test that tries to render one fails loudly here instead of
// passing against something that is not the app. What the Worker reads of the build before
// rendering, the route table with each route's module, is the app's own: the same route config
// (app/routes.ts) and route modules, in the shape of the build's manifest.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import routeConfig from "../../../app/routes";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

const routeModules = import.meta.glob<RouteModule>(["../../../app/root.tsx", "../../../app/routes/**/*.{ts,tsx}"], {
  eager: true,
});

/** The build's id for a route module: its file under app/, without the extension. */
const idOf = (file: string) => file.replace(/\.tsx?$/, "");

function manifestOf(entries: RouteConfigEntry[], parentId: string): ServerBuild["routes"] {
  return Object.assign(
    {},
    ...entries.map((entry) => {
      const id = entry.id ?? idOf(entry.file);
      const module = routeModules[`../../../app/${entry.file}`];
      if (!module) throw new Error(`No route module at app/${entry.file}`);
      const route = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module };
      return { [id]: route, ...manifestOf(entry.children ?? [], id) };
    }),
  );
}

const rootModule = routeModules["../../../app/root.tsx"];
if (!rootModule) throw new Error("No root route module at app/root.tsx");

export const routes: ServerBuild["routes"] = {
  root: { id: "root", path: "", module: rootModule },
  ...manifestOf(await routeConfig, "root"),
};

export const entry = {
  get module(): never {
    throw new Error("Page rendering is tested by the browser suite (test/e2e), not in worker tests.");
  },
};
