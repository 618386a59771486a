import { keyInFolder } from "../images/image-store";

/** The storage key of an image of this conversation (`chats/{pairId}/...`), or null for any other URL. */
export function conversationImageKey(pairId: string | null, url: string): string | null {
  return keyInFolder(url, `chats/${pairId}`);
}

/**
 * Whether a message's image is one the upload endpoint stored for this conversation (* otherwise the receiver's browser would request whatever URL the sender chose).
 */
export async function isStoredConversationImage(
  images: R2Bucket,
  pairId: string | null,
  url: string,
): Promise<boolean> {
  const key = conversationImageKey(pairId, url);
  return key !== null && (await images.head(key)) !== null;
}
