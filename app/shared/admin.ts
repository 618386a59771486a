import { DESK_FIGURES_TEXTS, SAVED_REPLY_TEXTS, WRAP_UP_TOPIC_TEXTS } from "./desk-operations";
import { PATHS } from "./routes";

/** Each admin page's heading (and its name in the admin nav and the page title). */
export const ADMIN_TITLES = {
  reports: "Reports",
  listeners: "Listeners",
  analytics: "Analytics",
  desk: DESK_FIGURES_TEXTS.title,
  replies: SAVED_REPLY_TEXTS.title,
  topics: WRAP_UP_TOPIC_TEXTS.title,
} as const;

/** The support desk's figures for a helpline lead (app/routes/admin/desk-figures.tsx). */
export const ADMIN_DESK_FIGURES_PATH = "/admin/desk";

/** The admin's pages, in the order of their nav. */
export const ADMIN_PAGES = [
  { path: PATHS.adminReports, title: ADMIN_TITLES.reports },
  { path: PATHS.adminListeners, title: ADMIN_TITLES.listeners },
  { path: PATHS.adminAnalytics, title: ADMIN_TITLES.analytics },
  { path: ADMIN_DESK_FIGURES_PATH, title: ADMIN_TITLES.desk },
  { path: PATHS.adminReplies, title: ADMIN_TITLES.replies },
  { path: PATHS.adminTopics, title: ADMIN_TITLES.topics },
] as const;

export const ADMIN_TEXTS = {
  /** What everyone but the admin is told on an admin page, reading or acting (a 403). */
  forbidden: "This page is for the admin only.",
  navLabel: "Admin pages",
  failed: "Something went wrong loading this page.",
  backToMessages: "Back to your messages",
} as const;

/** The admin page at `pathname`, if it is one (the router serves it with a trailing slash too). */
export function adminPageAt(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ADMIN_PAGES.find((page) => page.path === path) ?? null;
}
