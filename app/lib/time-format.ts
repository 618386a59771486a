/** Spec section 9; the server renders in one fixed zone (app/components/ui/local-time.tsx). */
export function formatMessageTime(
  timestamp: number,
  now = Date.now(),
  locale?: string,
  timeZone?: string,
  { zoneName = false }: { zoneName?: boolean } = {},
): string {
  const date = new Date(timestamp);
  const today = new Date(now);
  if (dayOf(date, timeZone) === dayOf(today, timeZone)) {
    return format(date, locale, timeZone, zoneName ? "timeWithZone" : "time");
  }
  if (yearOf(date, timeZone) === yearOf(today, timeZone)) return format(date, locale, timeZone, "monthDay");
  return format(date, locale, timeZone, "fullDate");
}

const STYLES = {
  time: { hour: "numeric", minute: "2-digit" },
  timeWithZone: { hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  monthDay: { month: "short", day: "numeric" },
  fullDate: { year: "numeric", month: "long", day: "numeric" },
  isoDay: { year: "numeric", month: "2-digit", day: "2-digit" },
  isoYear: { year: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Making one is far slower than using it, and every message's time is formatted on each render. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(date: Date, locale: string | undefined, timeZone: string | undefined, style: keyof typeof STYLES) {
  const key = `${locale ?? ""}|${timeZone ?? ""}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

function dayOf(date: Date, timeZone: string | undefined): string {
  return format(date, "en-CA", timeZone, "isoDay");
}

function yearOf(date: Date, timeZone: string | undefined): string {
  return format(date, "en-CA", timeZone, "isoYear");
}
