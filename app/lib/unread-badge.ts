/** The header badge's text (spec section 2): the count, or '99+' above 99; nothing at zero. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}
