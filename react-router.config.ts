import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  future: {
    // The dev server finds every route's dependencies when it starts (it scans the client entry and
    // each route module) instead of on the first page that imports one: found late, a dependency
    // made that page's modules fail ('504 Outdated Optimize Dep') and the dev server reload it.
    unstable_optimizeDeps: true,
  },
} satisfies Config;
