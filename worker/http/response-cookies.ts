import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Cookies for the response of the request being handled, set by code far from that response: the
 * session check refreshes the signed session cache cookie (worker/auth/session.ts) from a route's
 * loader or an API middleware, which own no response headers of their own.
 */
const pending = new AsyncLocalStorage<string[]>();

/** Handles a request with a place for such cookies, and puts them on its response. */
export async function collectingResponseCookies(handle: () => Promise<Response>): Promise<Response> {
  const cookies: string[] = [];
  const response = await pending.run(cookies, handle);
  return withCookies(response, cookies);
}

/** Adds a Set-Cookie header to the current request's response (nothing outside a request). */
export function setResponseCookie(cookie: string): void {
  pending.getStore()?.push(cookie);
}

function withCookies(response: Response, cookies: string[]): Response {
  // A WebSocket upgrade passes untouched (a copied 101 loses its socket); it sets no cookies.
  if (cookies.length === 0 || response.webSocket) return response;
  // A cookie the response sets itself wins (sign-out clearing the session cache, say).
  const ownNames = new Set(response.headers.getSetCookie().map(cookieName));
  const added = cookies.filter((cookie) => !ownNames.has(cookieName(cookie)));
  if (added.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const cookie of added) copy.headers.append("Set-Cookie", cookie);
  return copy;
}

const cookieName = (cookie: string) => cookie.slice(0, cookie.indexOf("=")).trim();
