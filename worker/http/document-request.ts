/**
 * A GET for the document, not a `.data` request, prefetch or script fetch: the only request on which
 * a conversation's page marks what it shows read (docs/decisions/071-a-persons-own-view-of-a-conversation-reads-it.md).
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
 * Loaders stream slow data only for these: a promise still pending at hydration makes React redraw
 * that part when the router re-renders, losing a click or anything typed there.
 */
export function isNavigationDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}
