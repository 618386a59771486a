import { isbot } from "isbot";
import { routePatternOf } from "~/shared/routes";
import type { AnalyticsEvent } from "~/shared/schemas/analytics";

/**
 * Counted from the document request, so pages without the framework need no beacon. Not counted:
 * other methods, redirects, errors, `.data`, prefetches and crawlers. Only the pattern is kept, never who.
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
