import { sniffImageType } from "~/shared/image-type";
import { chosenImageProblem, UPLOAD_MESSAGES, type UploadPurpose } from "~/shared/uploads";

export class UploadError extends Error {}

/**
 * Posts a multipart form with XMLHttpRequest, the one browser API that reports real upload
 * progress. Resolves with the status and JSON body whatever the status; rejects with an UploadError
 * carrying the spec's 'Network error during upload' when nothing came back.
 */
function postWithProgress<T>(
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<{ status: number; body: T | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener("load", () => resolve({ status: xhr.status, body: xhr.response as T | null }));
    xhr.addEventListener("error", () => reject(new UploadError(UPLOAD_MESSAGES.networkError)));
    xhr.send(form);
  });
}

/** Whether a file's first bytes are those of an image the server accepts (the server's own rule). */
export async function isImageFile(file: Blob): Promise<boolean> {
  return sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer())) !== null;
}

/**
 * What is wrong with a file as it is chosen, or null: its size and claimed type first, then its
 * first bytes, since a file renamed .jpg claims to be a JPEG. Refused here, it is never previewed
 * (a broken thumbnail) nor uploaded (a bare 415); the server still decides from the bytes.
 */
export async function chosenFileProblem(file: Blob, purpose: UploadPurpose): Promise<string | null> {
  return chosenImageProblem(file, purpose) ?? ((await isImageFile(file)) ? null : UPLOAD_MESSAGES.notAnImage);
}

/**
 * Uploads an image to POST /api/uploads. Resolves with the stored image's key and URL; rejects with an
 * UploadError whose message is the spec's ('Upload failed with status: {status}' or 'Network error
 * during upload').
 */
export async function uploadImage(
  file: Blob,
  options: { purpose: UploadPurpose; pairId?: string; onProgress?: (percent: number) => void },
): Promise<{ key: string; url: string }> {
  const form = new FormData();
  form.append("file", file);
  if (options.pairId) form.append("pairId", options.pairId);
  const { status, body } = await postWithProgress<{ key?: string; url?: string }>(
    `/api/uploads?purpose=${options.purpose}`,
    form,
    options.onProgress,
  );
  if (status === 201 && body?.key && body.url) return { key: body.key, url: body.url };
  throw new UploadError(UPLOAD_MESSAGES.failedWithStatus(status));
}
