import { Hono } from "hono";
import { inLanguage } from "../i18n/request-language";
import { requestLanguage } from "../i18n/visitor-language";
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

/** A 500 is generic to the client and detailed in the log. */
export const api = new Hono<ApiEnv>();

// better-auth's refusals and an upload's are shown as they are, so they speak the visitor's language;
// a signed-in page has kept the account's in the browser's cookie.
api.use(async (c, next) => inLanguage(await requestLanguage(c.req.raw, null), next));

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
