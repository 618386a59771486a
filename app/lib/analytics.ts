/**
 * The one page-view function every route change calls (spec section 2). It announces the view as a
 * DOM event; the first-party analytics sink (app/lib/analytics-sink.ts, loaded after the page is
 * interactive) subscribes with `subscribePageViews` and receives the views made before it arrived.
 */
const PAGE_VIEW_EVENT = "kindred:page-view";

type PageViewDetail = { path: string };

/** Views made before any subscriber existed (the first one always is). */
const early: PageViewDetail[] = [];
let subscribed = false;

export function trackPageView(path: string): void {
  const detail = { path };
  if (!subscribed) early.push(detail);
  window.dispatchEvent(new CustomEvent<PageViewDetail>(PAGE_VIEW_EVENT, { detail }));
}

export function subscribePageViews(listener: (view: PageViewDetail) => void): () => void {
  subscribed = true;
  for (const view of early.splice(0)) listener(view);
  const handler = (event: Event) => listener((event as CustomEvent<PageViewDetail>).detail);
  window.addEventListener(PAGE_VIEW_EVENT, handler);
  return () => window.removeEventListener(PAGE_VIEW_EVENT, handler);
}
