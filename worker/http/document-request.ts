/**
 * Whether a request is a person opening a page themselves (issue 26): a GET for the document. Not
 * React Router's `.data` request (the page's own scripts revalidating or navigating, after which the
 * live socket does what the page needs), not a prefetch or prerender made ahead of a click, and not
 * a fetch by a script. A conversation's page reads what it shows on such a request only
 * (docs/decisions.md: the one exception to "a GET never writes").
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
