import { isbot } from "isbot";
import { routePatternOf } from "~/shared/routes";
import type { AnalyticsEvent } from "~/shared/schemas/analytics";

/**
 * The page view a document response counts as, or null: the server counts each page from
 * its document request, so pages without the framework need no beacon and a hydrated page reports
 * only its later client-side route changes (app/lib/analytics.ts). Counted: a GET answered with a
 * successful HTML page. Not counted: other methods, redirects, errors and 404s, the framework's data
 * requests (`.data`, not HTML), a browser's prefetch of a page that may never be shown
 * (`Sec-Purpose`/`Purpose: prefetch`), and crawlers (`isbot`): client-side analytics never counted
 * those either. Only the route pattern is kept: `/chat/:userId`, never who.
 */
export function pageViewOf(request: Request, response: Response): AnalyticsEvent | null {
  if (request.method !== "GET") return null;
  if (response.status < 200 || response.status >= 300) return null;
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return null;
  const purpose = `${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`;
  if (/\bprefetch\b/i.test(purpose)) return null;
  if (isbot(request.headers.get("User-Agent"))) return null;
  return { type: "page_view", path: routePatternOf(new URL(request.url).pathname) };
}
