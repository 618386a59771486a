import { UPLOAD_MESSAGES, type UploadPurpose } from "~/lib/uploads";

export class UploadError extends Error {}

/**
 * Uploads an image to POST /api/uploads with XMLHttpRequest, the one browser API that reports real
 * upload progress. Resolves with the stored image's URL; rejects with an UploadError whose message
 * is the spec's ('Upload failed with status: {status}' or 'Network error during upload').
 */
export function uploadImage(
  file: Blob,
  options: { purpose: UploadPurpose; pairId?: string; onProgress?: (percent: number) => void },
): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("file", file);
    if (options.pairId) form.append("pairId", options.pairId);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/uploads?purpose=${options.purpose}`);
    xhr.responseType = "json";
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener("load", () => {
      const body = xhr.response as { url?: string } | null;
      if (xhr.status === 201 && body?.url) resolve({ url: body.url });
      else reject(new UploadError(UPLOAD_MESSAGES.failedWithStatus(xhr.status)));
    });
    xhr.addEventListener("error", () => reject(new UploadError(UPLOAD_MESSAGES.networkError)));
    xhr.send(form);
  });
}
