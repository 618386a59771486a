/**
 * The one page-view function every route change calls (spec section 2). It announces the view as a
 * DOM event; the first-party analytics sink (POST /api/events) subscribes to it with the analytics
 * issue, so callers never change.
 */
export const PAGE_VIEW_EVENT = "kindred:page-view";

export type PageViewDetail = { path: string };

export function trackPageView(path: string): void {
  window.dispatchEvent(new CustomEvent<PageViewDetail>(PAGE_VIEW_EVENT, { detail: { path } }));
}
