import { keyInFolder } from "../images/image-store";

export function conversationImageKey(pairId: string | null, url: string): string | null {
  return keyInFolder(url, `chats/${pairId}`);
}

/** Otherwise the receiver's browser would request whatever URL the sender chose. */
export async function isStoredConversationImage(
  images: R2Bucket,
  pairId: string | null,
  url: string,
): Promise<boolean> {
  const key = conversationImageKey(pairId, url);
  return key !== null && (await images.head(key)) !== null;
}
