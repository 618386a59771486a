import { m } from "~/paraglide/messages";
import { sniffImageType } from "~/shared/image-type";
import { type AcceptedImageType, UPLOAD_MESSAGES } from "~/shared/uploads";
import { InvalidImageError, stripImageMetadata } from "./strip-image-metadata";

type PreparedImage =
  | { ok: true; type: AcceptedImageType; bytes: Uint8Array }
  | { ok: false; status: 400 | 415; code: "not_an_image" | "invalid_image"; message: string };

/**
 * An uploaded file made safe to keep: its type decided from its bytes (never its name or claimed
 * type) and its metadata (location, camera, comments) stripped. The upload endpoint and sign-up
 * both ask this before they store anything.
 */
export async function prepareImage(file: Blob): Promise<PreparedImage> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, status: 415, code: "not_an_image", message: UPLOAD_MESSAGES.notAnImage };
  try {
    return { ok: true, type, bytes: stripImageMetadata(bytes, type) };
  } catch (error) {
    if (error instanceof InvalidImageError) {
      return { ok: false, status: 400, code: "invalid_image", message: m.profile_image_damaged() };
    }
    throw error;
  }
}
