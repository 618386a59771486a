/**
 * Whether a request is a person opening a page themselves: a GET for the document. Not
 * React Router's `.data` request (the page's own scripts revalidating or navigating, after which the
 * live socket does what the page needs), not a prefetch or prerender made ahead of a click, and not
 * a fetch by a script. A conversation's page reads what it shows on such a request only
 * (docs/decisions/071-a-persons-own-view-of-a-conversation-reads-it.md: the one exception to
 * "a GET never writes").
 */
export function isOwnDocumentView(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (new URL(request.url).pathname.endsWith(".data")) return false;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  // Browsers that say what a request is for say 'document' for a page; older ones say nothing.
  const destination = request.headers.get("sec-fetch-dest");
  return destination === null || destination === "document";
}

/**
 * Whether a request is React Router's `.data` request: a client-side navigation (or revalidation)
 * fetching a page's data, as opposed to the page's document.
 *
 * A loader streams slow data (a promise shown through `<Suspense>` and `<Await>`) only for these. A
 * document waits for all of it anyway (app/entry.server.tsx), and a promise in the document's data
 * is still pending in the browser when React hydrates: React then keeps that part as server HTML
 * until the promise settles, and throws it away and draws it anew when the router re-renders the
 * screen meanwhile, losing a click or anything typed there. So a document's loader hands over the
 * value itself.
 */
export function isNavigationDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}
