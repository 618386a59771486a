import { Hono } from "hono";
import { getAuth } from "../auth/session";
import type { ApiEnv } from "./signed-in";

/**
 * /api/auth/*: better-auth (sign-up, sign-in, sign-out, session, password reset) with its own rate
 * limits, origin checks and error codes. Its JSON answers lose any session token on the way out:
 * the HttpOnly cookie is the only place a page's scripts cannot read it from (issue 11).
 */
export const authRoutes = new Hono<ApiEnv>().on(["GET", "POST"], "/*", async (c) => {
  const response = await getAuth().handler(c.req.raw);
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body: unknown = await response.json().catch(() => null);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(withoutTokens(body)), { status: response.status, headers });
});

/** The value with every `token` property removed, however deep (sign-in, sign-up, get-session). */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "token")
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  );
}
