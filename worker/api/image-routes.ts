import { Hono } from "hono";
import type { SignedInUser } from "~/shared/accounts";
import { getSignedInUser } from "../auth/session";
import { deskAccessToPair } from "../desk/desk-conversation";
import { canViewImage } from "../images/image-store";
import type { ApiEnv } from "./signed-in";

async function deskMayView(key: string, user: SignedInUser): Promise<boolean> {
  const [folder, pairId] = key.split("/");
  return folder === "chats" && pairId !== undefined && (await deskAccessToPair(user, pairId)) !== null;
}

/** A new upload gets a new key. */
const IMMUTABLE = "private, max-age=31536000, immutable";

/** Sniffed type, nosniff and a sandboxing CSP: even a crafted file can never run as a page. */
export const imageRoutes = new Hono<ApiEnv>().get("/*", async (c) => {
  const key = decodeURIComponent(c.req.path.replace(/^\/images\//, ""));
  if (!key || key.includes("..")) return c.json({ code: "not_found", message: "No such image." }, 404);
  const user = await getSignedInUser(c.req.raw);
  if (!user) return c.json({ code: "unauthorized", message: "Please sign in to see this image." }, 401);
  if (!canViewImage(key, user) && !(await deskMayView(key, user))) {
    return c.json({ code: "forbidden", message: "This image is not yours to see." }, 403);
  }

  const object = await c.env.IMAGES.get(key);
  if (!object) return c.json({ code: "not_found", message: "No such image." }, 404);
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(object.size),
      "Cache-Control": IMMUTABLE,
      ETag: object.httpEtag,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});
