import { inArray } from "drizzle-orm";
import { Hono } from "hono";
import { parsePairId } from "~/shared/pair-id";
import { BLOCK_TEXTS } from "~/shared/safety";
import { isTooLarge, MAX_UPLOAD_BYTES, UPLOAD_PURPOSES } from "~/shared/uploads";
import { createDb } from "../db/client";
import { users } from "../db/schema";
import { deskAccessToPair } from "../desk/desk-conversation";
import { readFormBody } from "../http/posted-form";
import { MULTIPART_OVERHEAD_BYTES } from "../http/request-guards";
import { storeUpload, uploadTooLarge } from "../images/store-upload";
import { isConversationClosed } from "../safety/blocks";
import { type ApiEnv, sameOrigin, signedIn } from "./signed-in";

function refusalBody({ code, message, maxBytes }: { code: string; message: string; maxBytes?: number }) {
  return { code, message, ...(maxBytes ? { maxBytes } : {}) };
}

/**
 * The server decides type, key and size, so a user can only write under their own folder or a
 * conversation of theirs.
 */
export const uploadRoutes = new Hono<ApiEnv>().use(sameOrigin, signedIn).post("/", async (c) => {
  const user = c.get("user");
  const purposeParam = c.req.query("purpose");
  const purpose = UPLOAD_PURPOSES.find((p) => p === purposeParam);
  if (!purpose) {
    return c.json({ code: "invalid_purpose", message: "Choose what the image is for: profile or chat." }, 400);
  }

  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > MAX_UPLOAD_BYTES[purpose] + MULTIPART_OVERHEAD_BYTES) {
    return c.json(refusalBody(uploadTooLarge(purpose)), 413);
  }

  const form = await readFormBody(c.req.raw);
  if (!form) return c.json({ code: "invalid_body", message: "Send the image as multipart form data." }, 400);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return c.json({ code: "missing_file", message: "Choose an image to upload." }, 400);
  }
  if (isTooLarge(file.size, purpose)) return c.json(refusalBody(uploadTooLarge(purpose)), 413);

  let owner = user.id;
  if (purpose === "chat") {
    const pairId = String(form.get("pairId") ?? "");
    const members = parsePairId(pairId);
    const asListener = !members?.includes(user.id) && (await deskAccessToPair(user, pairId)) === "assigned";
    if (!members || (!members.includes(user.id) && !asListener)) {
      return c.json({ code: "not_a_member", message: "You can only send images in your own conversations." }, 403);
    }
    const found = await createDb(c.env.DB).select({ id: users.id }).from(users).where(inArray(users.id, members));
    if (found.length !== 2) return c.json({ code: "not_a_member", message: "This conversation does not exist." }, 403);
    // It could never be sent.
    if (await isConversationClosed(members[0], members[1])) {
      return c.json({ code: "blocked", message: BLOCK_TEXTS.cannotMessage }, 403);
    }
    owner = pairId;
  }

  const stored = await storeUpload(file, purpose, owner, user.id);
  if (!stored.ok) return c.json(refusalBody(stored), stored.status);
  const { key, url, contentType, size } = stored;
  return c.json({ key, url, contentType, size }, 201);
});
