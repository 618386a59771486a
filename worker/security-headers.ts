import { TURNSTILE_ORIGIN } from "~/shared/person-check";
import { getConfig } from "./config";

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
 * The policy of every page: scripts run only with this response's nonce (React Router
 * puts it on its inline and module scripts; 'strict-dynamic' lets those load the route chunks),
 * nothing may embed the page, and the page may talk only to the app and its own WebSocket origin.
 * Images come from the app, plus data: and blob: for the local previews of a chosen picture.
 * Styles come from the app's stylesheet only: React sets dynamic widths through the CSSOM, which
 * a policy does not govern. Vite's dev server injects <style> tags for hot reload, so development
 * allows inline styles. With the person check on (Turnstile's keys configured), its widget's frame
 * may come from Cloudflare; its script loads by the page's nonce.
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

/** A fresh, unguessable nonce for one page. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}

/** Everything that is not a page (API answers, redirects, data requests) may run and embed nothing. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** HSTS once the app is served over https: browsers then never try plain http again. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Pages, their data and API answers depend on who is signed in (every page's header does), so no
 * cache may keep them: after sign-out, Back must not show a signed-in page from the browser's cache,
 * and no shared cache may hand one person's page to another. Static assets never reach the Worker.
 */
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
  // Keep a policy a route chose on purpose (the images' own); anything else, better-auth's bare
  // 'no-store' included, gets the one policy.
  const chosen = secured.headers.get("Cache-Control");
  if (!chosen || chosen.includes("no-store")) secured.headers.set("Cache-Control", SESSION_DEPENDENT_CACHE_CONTROL);
  return secured;
}
