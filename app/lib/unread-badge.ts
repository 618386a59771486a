import { useInboxState } from "~/lib/inbox-store";
import { useUnreadCount } from "~/lib/signed-in-user";

/** Spec section 2. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}

export function useUnreadConversations(): number {
  const loaderCount = useUnreadCount();
  return useInboxState()?.unread ?? loaderCount;
}
