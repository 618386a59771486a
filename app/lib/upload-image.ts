import { sniffImageType } from "~/shared/image-type";
import { chosenImageProblem, UPLOAD_MESSAGES, type UploadPurpose } from "~/shared/uploads";

export class UploadError extends Error {}

/** XMLHttpRequest is the one browser API that reports real upload progress. */
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

export async function isImageFile(file: Blob): Promise<boolean> {
  return sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer())) !== null;
}

/** A file renamed .jpg claims to be a JPEG: refused here, it is never previewed nor uploaded. */
export async function chosenFileProblem(file: Blob, purpose: UploadPurpose): Promise<string | null> {
  return chosenImageProblem(file, purpose) ?? ((await isImageFile(file)) ? null : UPLOAD_MESSAGES.notAnImage);
}

/** Rejects with the spec's messages. */
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
