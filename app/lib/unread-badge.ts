import { useInboxState } from "~/lib/inbox-store";
import { useUnreadCount } from "~/lib/signed-in-user";

/** The header badge's text (spec section 2): the count, or '99+' above 99; nothing at zero. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}

/** Conversations with unread messages: live from the inbox socket, the root loader's count until it speaks. */
export function useUnreadConversations(): number {
  const loaderCount = useUnreadCount();
  return useInboxState()?.unread ?? loaderCount;
}
