/**
 * Message times (spec section 9): today shows hour and minute; this year, the short month and day;
 * otherwise the full date. In the browser's own locale and time zone, unless given others (the
 * server renders in one fixed zone: app/components/ui/local-time.tsx).
 */
export function formatMessageTime(
  timestamp: number,
  now = Date.now(),
  locale?: string,
  timeZone?: string,
  { zoneName = false }: { zoneName?: boolean } = {},
): string {
  const date = new Date(timestamp);
  const today = new Date(now);
  const inZone = { timeZone };
  if (dayOf(date, timeZone) === dayOf(today, timeZone)) {
    // A time of day in a zone that may not be the reader's says which it is ("4:45 PM UTC").
    const zone = zoneName ? ({ timeZoneName: "short" } as const) : {};
    return date.toLocaleTimeString(locale, { ...inZone, ...zone, hour: "numeric", minute: "2-digit" });
  }
  if (yearOf(date, timeZone) === yearOf(today, timeZone)) {
    return date.toLocaleDateString(locale, { ...inZone, month: "short", day: "numeric" });
  }
  return date.toLocaleDateString(locale, { ...inZone, year: "numeric", month: "long", day: "numeric" });
}

/** The calendar day of a moment in a zone (the browser's own without one), as YYYY-MM-DD. */
function dayOf(date: Date, timeZone: string | undefined): string {
  return date.toLocaleDateString("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
}

function yearOf(date: Date, timeZone: string | undefined): string {
  return date.toLocaleDateString("en-CA", { timeZone, year: "numeric" });
}
