/**
 * Message times (spec section 9): today shows hour and minute; this year, the short month and day;
 * otherwise the full date.
 */
export function formatMessageTime(timestamp: number, now = Date.now(), locale?: string): string {
  const date = new Date(timestamp);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) {
    return date.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" });
  }
  if (date.getFullYear() === today.getFullYear()) {
    return date.toLocaleDateString(locale, { month: "short", day: "numeric" });
  }
  return date.toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric" });
}
