/**
 * Upload rules shared by the browser (pre-checks, messages) and the worker (enforcement), spec
 * sections 5 and 9.
 */
export const MAX_PROFILE_PICTURE_BYTES = 5_242_880; // 5 MB
const MAX_CHAT_IMAGE_BYTES = 10_485_760; // 10 MB

/** The image types the server accepts, decided by the file's bytes (never its name or claimed type). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export const UPLOAD_PURPOSES = ["profile", "chat"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const MAX_UPLOAD_BYTES: Record<UploadPurpose, number> = {
  profile: MAX_PROFILE_PICTURE_BYTES,
  chat: MAX_CHAT_IMAGE_BYTES,
};

export const UPLOAD_MESSAGES = {
  profileTooLarge: "Profile picture must be less than 5MB",
  chatTooLarge: "File size exceeds 10MB. Please select a smaller image.",
  notAnImage: "Please choose a JPEG, PNG, WebP or GIF image.",
  failedWithStatus: (status: number) => `Upload failed with status: ${status}`,
  networkError: "Network error during upload",
} as const;

/**
 * The size rule, as the spec words it (section 5): a picture must be *under* 5 MB, a chat image is
 * refused when *over* 10 MB. The browser and the upload endpoint both ask this.
 */
export function isTooLarge(bytes: number, purpose: UploadPurpose): boolean {
  return purpose === "profile" ? bytes >= MAX_PROFILE_PICTURE_BYTES : bytes > MAX_CHAT_IMAGE_BYTES;
}

/**
 * What is wrong with a file chosen for upload, checked in the browser before any upload (spec
 * section 5), or null. The server checks again from the bytes.
 */
export function chosenImageProblem(file: Blob, purpose: UploadPurpose): string | null {
  if (isTooLarge(file.size, purpose)) {
    return purpose === "profile" ? UPLOAD_MESSAGES.profileTooLarge : UPLOAD_MESSAGES.chatTooLarge;
  }
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) ? null : UPLOAD_MESSAGES.notAnImage;
}
