import { TURNSTILE_ORIGIN } from "~/shared/person-check";
import { getConfig } from "./config";

/** On a support site the Referrer-Policy matters most: visited pages must not leak to linked sites. */
const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/**
 * Scripts run only with this response's nonce ('strict-dynamic' lets them load the route chunks);
 * nothing may embed the page. data: and blob: images are the local previews of a chosen picture.
 * Styles come only from the app's stylesheet (React's dynamic widths go through the CSSOM, which a
 * policy does not govern); dev allows inline styles for Vite's hot reload.
 */
export function pageContentSecurityPolicy(
  nonce: string,
  requestUrl: string,
  dev = import.meta.env.DEV,
  personCheck = getConfig().turnstile !== null,
): string {
  const { protocol, host } = new URL(requestUrl);
  const socketOrigin = `${protocol === "https:" ? "wss:" : "ws:"}//${host}`;
  return [
    "default-src 'self'",
    ...(personCheck ? [`frame-src ${TURNSTILE_ORIGIN}`] : []),
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self'${dev ? " 'unsafe-inline'" : ""}`,
    "img-src 'self' data: blob:",
    `connect-src 'self' ${socketOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}

const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const HSTS = "max-age=31536000; includeSubDomains";

/** Every page depends on who is signed in: after sign-out, Back must not show a signed-in page. */
const SESSION_DEPENDENT_CACHE_CONTROL = "private, no-store";

export function withSecurityHeaders(response: Response, appUrl = getConfig().public.appUrl): Response {
  // A WebSocket upgrade must pass through untouched: a copied 101 response loses its socket.
  if (response.webSocket) return response;
  // Responses from fetch() or the runtime can be immutable; copy before editing.
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  }
  // Pages set their own, with their nonce (app/entry.server.tsx); images keep their sandbox.
  if (!secured.headers.has("Content-Security-Policy")) secured.headers.set("Content-Security-Policy", NON_PAGE_POLICY);
  if (appUrl.startsWith("https:")) secured.headers.set("Strict-Transport-Security", HSTS);
  // Keep a policy a route chose on purpose; anything else, better-auth's bare 'no-store' included, gets this one.
  const chosen = secured.headers.get("Cache-Control");
  if (!chosen || chosen.includes("no-store")) secured.headers.set("Cache-Control", SESSION_DEPENDENT_CACHE_CONTROL);
  return secured;
}
