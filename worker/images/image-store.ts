import { env } from "cloudflare:workers";
import { parsePairId } from "../../app/lib/pair-id";
import type { AcceptedImageType, UploadPurpose } from "../../app/lib/uploads";

const EXTENSIONS: Record<AcceptedImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** Where an image lives is decided here, from the server's facts only (never a client path). */
export function imageKey(purpose: UploadPurpose, owner: string, type: AcceptedImageType): string {
  const folder = purpose === "profile" ? "profiles" : "chats";
  return `${folder}/${owner}/${crypto.randomUUID()}.${EXTENSIONS[type]}`;
}

/** The app URL of a stored image; served by GET /images/{key} with access checks. */
export function imageUrl(key: string): string {
  return `/images/${key}`;
}

export async function storeImage(key: string, bytes: Uint8Array, type: AcceptedImageType, uploadedBy: string) {
  await env.IMAGES.put(key, bytes, {
    httpMetadata: { contentType: type },
    customMetadata: { uploadedBy },
  });
}

/**
 * The storage key behind an app image URL when it lies in `folder` (`profiles/{userId}`,
 * `chats/{pairId}`), else null: the one check that a URL sent by a browser names an image of
 * that owner, used by the profile picture, the profile save and chat messages.
 */
export function keyInFolder(url: string, folder: string): string | null {
  const key = url.startsWith(imageUrl("")) ? url.slice(imageUrl("").length) : "";
  return key.startsWith(`${folder}/`) && !key.includes("..") ? key : null;
}

/** Whether a user may see an image: profile pictures to anyone signed in, chat images to members. */
export function canViewImage(key: string, userId: string): boolean {
  const [folder, owner] = key.split("/");
  if (folder === "profiles") return true;
  if (folder === "chats" && owner) return parsePairId(owner)?.includes(userId) ?? false;
  return false;
}
