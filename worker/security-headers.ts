/**
 * Headers every response carries. On a support site the Referrer-Policy matters most: the pages a
 * person visited must not travel to the external sites they follow a link to.
 */
const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/**
 * Pages, their data and API answers depend on who is signed in (every page's header does), so no
 * cache may keep them: after sign-out, Back must not show a signed-in page from the browser's cache,
 * and no shared cache may hand one person's page to another. Static assets never reach the Worker.
 */
export const SESSION_DEPENDENT_CACHE_CONTROL = "private, no-store";

export function withSecurityHeaders(response: Response): Response {
  // A WebSocket upgrade must pass through untouched: a copied 101 response loses its socket.
  if (response.webSocket) return response;
  // Responses from fetch() or the runtime can be immutable; copy before editing.
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  }
  // Keep a policy a route chose on purpose (the images' own); anything else, better-auth's bare
  // 'no-store' included, gets the one policy.
  const chosen = secured.headers.get("Cache-Control");
  if (!chosen || chosen.includes("no-store")) secured.headers.set("Cache-Control", SESSION_DEPENDENT_CACHE_CONTROL);
  return secured;
}
