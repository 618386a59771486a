/**
 * Client-side page views (spec section 2: every route change sends one). The first view of a page is
 * counted by the server from the document request (worker/analytics/page-views.ts); a hydrated page
 * announces each later route change as this DOM event, which the page's analytics script
 * (app/lib/analytics-sink.ts, a module of its own on every page) sends to /api/events. A DOM event,
 * because the app's bundle and that script are separate files that share no module state.
 */
export const PAGE_VIEW_EVENT = "kindred:page-view";

export type PageViewDetail = { path: string };

export function trackPageView(path: string): void {
  window.dispatchEvent(new CustomEvent<PageViewDetail>(PAGE_VIEW_EVENT, { detail: { path } }));
}

export function onPageView(listener: (view: PageViewDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<PageViewDetail>).detail);
  window.addEventListener(PAGE_VIEW_EVENT, handler);
  return () => window.removeEventListener(PAGE_VIEW_EVENT, handler);
}
