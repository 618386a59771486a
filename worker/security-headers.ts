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

export function withSecurityHeaders(response: Response): Response {
  // A WebSocket upgrade must pass through untouched: a copied 101 response loses its socket.
  if (response.webSocket) return response;
  // Responses from fetch() or the runtime can be immutable; copy before editing.
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  }
  return secured;
}
