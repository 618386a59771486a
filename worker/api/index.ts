import { Hono } from "hono";
import { adminRoutes } from "./admin-routes";
import { authRoutes } from "./auth-routes";
import { chatRoutes } from "./chat-routes";
import { deskRoutes } from "./desk-routes";
import { eventRoutes } from "./event-routes";
import { imageRoutes } from "./image-routes";
import { inboxRoutes } from "./inbox-routes";
import { sessionRoutes } from "./session-routes";
import type { ApiEnv } from "./signed-in";
import { uploadRoutes } from "./upload-routes";

/**
 * Everything under /api, and the images under /images (README, "Architecture"). Errors are
 * JSON with a stable `code`; a 500 is generic to the client and detailed in the log.
 */
export const api = new Hono<ApiEnv>();

api.get("/api/health", async (c) => {
  await c.env.DB.prepare("SELECT 1").first();
  return c.json({ ok: true });
});

api.route("/api/auth", authRoutes);
api.route("/api/session", sessionRoutes);
api.route("/api/uploads", uploadRoutes);
api.route("/api/chats", chatRoutes);
api.route("/api/desk", deskRoutes);
api.route("/api/inbox", inboxRoutes);
api.route("/api/admin", adminRoutes);
api.route("/api/events", eventRoutes);
api.route("/images", imageRoutes);

api.notFound((c) => c.json({ code: "not_found", message: "No such API endpoint." }, 404));

api.onError((error, c) => {
  console.error(JSON.stringify({ at: "api", path: c.req.path, error: String(error), stack: error.stack }));
  return c.json({ code: "internal_error", message: "Something went wrong on our side. Please try again." }, 500);
});
