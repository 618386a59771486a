/** Photos wider or taller than this are scaled down before upload; profile pictures never need more. */
const MAX_IMAGE_DIMENSION = 1600;

/**
 * Scales a very large photo down in the browser (re-encoding also drops its EXIF/GPS metadata).
 * GIFs are left alone so animations survive; anything the browser cannot decode is returned as is
 * and the server decides.
 */
export async function downsizeImage(file: File): Promise<Blob> {
  if (file.type === "image/gif" || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = MAX_IMAGE_DIMENSION / Math.max(bitmap.width, bitmap.height);
  if (scale >= 1) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const type = file.type === "image/png" ? "image/png" : "image/jpeg";
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  return blob ?? file;
}
