import { isTooLarge, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadPurpose } from "~/shared/uploads";
import { imageKey, imageUrl, storeImage } from "./image-store";
import { prepareImage } from "./prepare-image";

/** An upload kept: where it is stored, its app URL, and what it turned out to be. */
type StoredUpload = { ok: true; key: string; url: string; contentType: string; size: number };

/** An upload refused, with the status, the stable code and the message the person reads. */
type RefusedUpload = {
  ok: false;
  status: 400 | 413 | 415;
  code: "file_too_large" | "not_an_image" | "invalid_image";
  message: string;
  maxBytes?: number;
};

/** The spec's size message for each purpose (section 5). */
export function uploadTooLarge(purpose: UploadPurpose): RefusedUpload {
  return {
    ok: false,
    status: 413,
    code: "file_too_large",
    message: purpose === "profile" ? UPLOAD_MESSAGES.profileTooLarge : UPLOAD_MESSAGES.chatTooLarge,
    maxBytes: MAX_UPLOAD_BYTES[purpose],
  };
}

/**
 * One pipeline for every image a person sends (the upload endpoint and a conversation's form): the size limit of its purpose, the type decided from its bytes, metadata stripped, and
 * a key the server chooses under its owner's folder (`profiles/{userId}`, `chats/{pairId}`).
 * The caller has checked that `owner` is the person's to write under.
 */
export async function storeUpload(
  file: File,
  purpose: UploadPurpose,
  owner: string,
  uploadedBy: string,
): Promise<StoredUpload | RefusedUpload> {
  if (isTooLarge(file.size, purpose)) return uploadTooLarge(purpose);
  const image = await prepareImage(file);
  if (!image.ok) return { ok: false, status: image.status, code: image.code, message: image.message };
  const key = imageKey(purpose, owner, image.type);
  await storeImage(key, image.bytes, image.type, uploadedBy);
  return { ok: true, key, url: imageUrl(key), contentType: image.type, size: image.bytes.byteLength };
}
