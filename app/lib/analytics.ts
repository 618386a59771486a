/**
 * A DOM event: the app's bundle and the analytics script share no module state. The first view is
 * counted by the server.
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
