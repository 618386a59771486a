import { Hono } from "hono";
import { dropSessionCookies, getAuth, hasSessionCookie, lookUpAuthSession } from "../auth/session";
import type { ApiEnv } from "./signed-in";

/**
 * /api/auth/*: better-auth (sign-up, sign-in, sign-out, session, password reset) with its own rate
 * limits, origin checks and error codes. Its JSON answers lose any session token on the way out:
 * the HttpOnly cookie is the only place a page's scripts cannot read it from.
 */
export const authRoutes = new Hono<ApiEnv>()
  // better-auth would answer from its session cache cookie alone, which cannot know that the
  // session was signed out, reset, suspended or left idle since: the app answers it
  // itself, through the same check as every signed-in page, and tells the browser to drop the
  // cookies of a session that has ended.
  .get("/get-session", async (c) => {
    const { session } = await lookUpAuthSession(c.req.raw);
    if (session) return c.json(withoutTokens(session));
    if (await hasSessionCookie(c.req.raw)) await dropSessionCookies();
    return c.json(null);
  })
  .on(["GET", "POST"], "/*", async (c) => {
    const response = await getAuth().handler(c.req.raw);
    if (!response.headers.get("content-type")?.includes("application/json")) return response;
    const body: unknown = await response.json().catch(() => null);
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify(withoutTokens(body)), { status: response.status, headers });
  });

/** The value with every `token` property removed, however deep (sign-in, sign-up, get-session). */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "token")
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  );
}
