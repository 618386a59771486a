import { m } from "~/paraglide/messages";

/** Spec sections 5 and 9. */
export const MAX_PROFILE_PICTURE_BYTES = 5_242_880; // 5 MB
const MAX_CHAT_IMAGE_BYTES = 10_485_760; // 10 MB

/** Named here so the refusal message never drifts from what the server takes. */
const IMAGE_KINDS = { "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP", "image/gif": "GIF" } as const;
export type AcceptedImageType = keyof typeof IMAGE_KINDS;
export const ACCEPTED_IMAGE_TYPES = Object.keys(IMAGE_KINDS) as AcceptedImageType[];

function imageKindNames(): string {
  const names: string[] = Object.values(IMAGE_KINDS);
  return m.auth_upload_kinds({ others: names.slice(0, -1).join(", "), last: names.at(-1) ?? "" });
}

export const UPLOAD_PURPOSES = ["profile", "chat"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const MAX_UPLOAD_BYTES: Record<UploadPurpose, number> = {
  profile: MAX_PROFILE_PICTURE_BYTES,
  chat: MAX_CHAT_IMAGE_BYTES,
};

export const UPLOAD_MESSAGES = {
  get profileTooLarge() {
    return m.auth_upload_profile_too_large();
  },
  get chatTooLarge() {
    return m.auth_upload_chat_too_large();
  },
  /** Whatever its name says. */
  get notAnImage() {
    return m.auth_upload_not_an_image({ kinds: imageKindNames() });
  },
  failedWithStatus: (status: number) => m.auth_upload_failed_status({ status }),
  get networkError() {
    return m.auth_upload_network_error();
  },
};

export const PICTURE_CHOOSER_TEXTS = {
  get remove() {
    return m.auth_picture_remove();
  },
};

/** Spec section 5: a picture must be under 5 MB, a chat image is refused over 10 MB. */
export function isTooLarge(bytes: number, purpose: UploadPurpose): boolean {
  return purpose === "profile" ? bytes >= MAX_PROFILE_PICTURE_BYTES : bytes > MAX_CHAT_IMAGE_BYTES;
}

/** The server checks again from the bytes. */
export function chosenImageProblem(file: Blob, purpose: UploadPurpose): string | null {
  if (isTooLarge(file.size, purpose)) {
    return purpose === "profile" ? UPLOAD_MESSAGES.profileTooLarge : UPLOAD_MESSAGES.chatTooLarge;
  }
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) ? null : UPLOAD_MESSAGES.notAnImage;
}
