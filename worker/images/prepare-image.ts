import { m } from "~/paraglide/messages";
import { sniffImageType } from "~/shared/image-type";
import { type AcceptedImageType, UPLOAD_MESSAGES } from "~/shared/uploads";
import { InvalidImageError, stripImageMetadata } from "./strip-image-metadata";

type PreparedImage =
  | { ok: true; type: AcceptedImageType; bytes: Uint8Array }
  | { ok: false; status: 400 | 415; code: "not_an_image" | "invalid_image"; message: string };

/** Type from the bytes (never the name or claimed type), metadata stripped: asked before anything is stored. */
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
