import { createMiddleware } from "hono/factory";
import type { SignedInUser } from "~/shared/accounts";
import { getSignedInUser } from "../auth/session";
import { getConfig } from "../config";

export type ApiEnv = { Bindings: Env; Variables: { user: SignedInUser } };

export const signedIn = createMiddleware<ApiEnv>(async (c, next) => {
  const user = await getSignedInUser(c.req.raw);
  if (!user) return c.json({ code: "unauthorized", message: "Please sign in again." }, 401);
  c.set("user", user);
  await next();
});

/** SameSite=Lax already keeps cross-site forms out; this also refuses cross-site fetches that carry an Origin. */
export const sameOrigin = createMiddleware<ApiEnv>(async (c, next) => {
  const origin = c.req.header("origin");
  if (origin && !getConfig().auth.trustedOrigins.includes(origin)) {
    return c.json({ code: "forbidden_origin", message: "This request did not come from the app." }, 403);
  }
  await next();
});
