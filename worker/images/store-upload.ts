import { isTooLarge, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadPurpose } from "~/shared/uploads";
import { imageKey, imageUrl, storeImage } from "./image-store";
import { prepareImage } from "./prepare-image";

type StoredUpload = { ok: true; key: string; url: string; contentType: string; size: number };

type RefusedUpload = {
  ok: false;
  status: 400 | 413 | 415;
  code: "file_too_large" | "not_an_image" | "invalid_image";
  message: string;
  maxBytes?: number;
};

/** Spec section 5. */
export function uploadTooLarge(purpose: UploadPurpose): RefusedUpload {
  return {
    ok: false,
    status: 413,
    code: "file_too_large",
    message: purpose === "profile" ? UPLOAD_MESSAGES.profileTooLarge : UPLOAD_MESSAGES.chatTooLarge,
    maxBytes: MAX_UPLOAD_BYTES[purpose],
  };
}

/** One pipeline for every image a person sends; the caller has checked that `owner` is theirs to write under. */
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
