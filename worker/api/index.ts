import { Hono } from "hono";

/**
 * Everything under /api (DESIGN.md "Runtime picture"). Errors are JSON with a stable `code`; a 500
 * is generic to the client and detailed in the log.
 */
export const api = new Hono<{ Bindings: Env }>().basePath("/api");

api.get("/health", async (c) => {
  await c.env.DB.prepare("SELECT 1").first();
  return c.json({ ok: true });
});

api.notFound((c) => c.json({ code: "not_found", message: "No such API endpoint." }, 404));

api.onError((error, c) => {
  console.error(JSON.stringify({ at: "api", path: c.req.path, error: String(error), stack: error.stack }));
  return c.json({ code: "internal_error", message: "Something went wrong on our side. Please try again." }, 500);
});
