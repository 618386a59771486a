import { m } from "~/paraglide/messages";
import { PATHS } from "./routes";

/**
 * Not taken from the pages' own texts, which bring zod: the signed-in header's account menu imports
 * this file (docs/decisions/116-signed-in-only-code-is-lazy.md).
 */
export const ADMIN_TITLES = {
  reports: "Reports",
  listeners: "Listeners",
  analytics: "Analytics",
  desk: "Desk figures",
  replies: "Saved replies",
  topics: "Wrap-up topics",
} as const;

/** In the order of their nav and of the account menu. */
export const ADMIN_PAGES = [
  { path: PATHS.adminReports, title: ADMIN_TITLES.reports },
  { path: PATHS.adminListeners, title: ADMIN_TITLES.listeners },
  { path: PATHS.adminAnalytics, title: ADMIN_TITLES.analytics },
  { path: PATHS.adminDesk, title: ADMIN_TITLES.desk },
  { path: PATHS.adminReplies, title: ADMIN_TITLES.replies },
  { path: PATHS.adminTopics, title: ADMIN_TITLES.topics },
] as const;

export const ADMIN_TEXTS = {
  get forbidden() {
    return m.admin_forbidden();
  },
  navLabel: "Admin pages",
  failed: "Something went wrong loading this page.",
  backToMessages: "Back to your messages",
};

/** The router serves it with a trailing slash too. */
export function adminPageAt(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ADMIN_PAGES.find((page) => page.path === path) ?? null;
}
