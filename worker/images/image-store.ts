import { env } from "cloudflare:workers";
import { isAdmin, type UserRole } from "~/shared/accounts";
import { parsePairId } from "~/shared/pair-id";
import type { AcceptedImageType, UploadPurpose } from "~/shared/uploads";

const EXTENSIONS: Record<AcceptedImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** From the server's facts only, never a client path. */
export function imageKey(purpose: UploadPurpose, owner: string, type: AcceptedImageType): string {
  const folder = purpose === "profile" ? "profiles" : "chats";
  return `${folder}/${owner}/${crypto.randomUUID()}.${EXTENSIONS[type]}`;
}

/** Served by GET /images/{key} with access checks. */
export function imageUrl(key: string): string {
  return `/images/${key}`;
}

export async function storeImage(key: string, bytes: Uint8Array, type: AcceptedImageType, uploadedBy: string) {
  await env.IMAGES.put(key, bytes, {
    httpMetadata: { contentType: type },
    customMetadata: { uploadedBy },
  });
}

/** For a message that was then not sent (refused, or a form posted twice). */
export async function deleteImage(key: string): Promise<void> {
  await env.IMAGES.delete(key);
}

const STORED_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.values(EXTENSIONS).join("|")})$`,
);

/** The one check that a URL a browser sent names an image of that owner; anything else is refused. */
export function keyInFolder(url: string, folder: string): string | null {
  const key = url.startsWith(imageUrl("")) ? url.slice(imageUrl("").length) : "";
  return key.startsWith(`${folder}/`) && STORED_NAME.test(key.slice(folder.length + 1)) ? key : null;
}

/** Profile pictures to anyone signed in, chat images to members, report copies to the admin only. */
export function canViewImage(key: string, user: { id: string; role: UserRole }): boolean {
  const [folder, owner] = key.split("/");
  if (folder === "profiles") return true;
  if (folder === "chats" && owner) return parsePairId(owner)?.includes(user.id) ?? false;
  if (folder === REPORTS_FOLDER) return isAdmin(user);
  return false;
}

const REPORTS_FOLDER = "reports";

/** So moderation can see it after the original is purged; null when the original is already gone. */
export async function copyImageForReport(sourceKey: string, reportId: string): Promise<string | null> {
  const original = await env.IMAGES.get(sourceKey);
  if (!original) return null;
  const key = `${REPORTS_FOLDER}/${reportId}/${sourceKey.split("/").at(-1)}`;
  await env.IMAGES.put(key, await original.arrayBuffer(), {
    httpMetadata: original.httpMetadata,
    customMetadata: { copiedFrom: sourceKey },
  });
  return key;
}
