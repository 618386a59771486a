import { Hono } from "hono";
import { z } from "zod";
import { isAdmin } from "~/shared/accounts";
import { findUsersByUsername } from "../accounts/search-users";
import { summarize } from "../analytics/summary";
import { type ApiEnv, signedIn } from "./signed-in";

const SearchQuerySchema = z.object({ q: z.string().trim().min(1).max(64) });

/** The role is checked here, on the server, for every request. */
export const adminRoutes = new Hono<ApiEnv>()
  .use(signedIn)
  .use(async (c, next) => {
    if (!isAdmin(c.get("user"))) return c.json({ code: "forbidden", message: "Only the admin can do this." }, 403);
    await next();
  })
  // Spec section 2: exact username, case-insensitive, excluding self.
  .get("/users/search", async (c) => {
    const query = SearchQuerySchema.safeParse({ q: c.req.query("q") ?? "" });
    if (!query.success) return c.json({ code: "invalid_query", message: "Enter a username to search for." }, 400);
    return c.json({ users: await findUsersByUsername(query.data.q, c.get("user").id, { findsEveryone: true }) });
  })
  .get("/analytics", async (c) => c.json(await summarize()));
