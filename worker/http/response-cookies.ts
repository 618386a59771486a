import { AsyncLocalStorage } from "node:async_hooks";

/** Lets the session check refresh its cache cookie from a loader or middleware, which own no response headers. */
const pending = new AsyncLocalStorage<string[]>();

export async function collectingResponseCookies(handle: () => Promise<Response>): Promise<Response> {
  const cookies: string[] = [];
  const response = await pending.run(cookies, handle);
  return withCookies(response, cookies);
}

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
