import { Hono } from "hono";
import { dropSessionCookies, getAuth, hasSessionCookie, lookUpAuthSession } from "../auth/session";
import type { ApiEnv } from "./signed-in";

/** Session tokens are stripped from JSON answers: the HttpOnly cookie is the only place scripts cannot read. */
export const authRoutes = new Hono<ApiEnv>()
  // better-auth would answer from its cache cookie alone, which cannot know the session ended since;
  // this answers through the same check as every signed-in page.
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

function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "token")
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  );
}
