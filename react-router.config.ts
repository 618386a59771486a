import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  future: {
    // The dev server finds every route's dependencies when it starts (it scans the client entry and
    // each route module) instead of on the first page that imports one, which reloads that page: a
    // click made meanwhile (Edit Profile, right after a sign-up) was lost.
    unstable_optimizeDeps: true,
  },
} satisfies Config;
