/**
 * How the desk's figures (/admin/desk) are written for people: durations in words a helpline lead
 * reads at a glance, shares as whole percentages, counts with separators, hours and moments in the
 * zone the figures were counted in, named. Pure, and the same on the server and in the browser: every formatter has
 * a fixed locale and is given its zone, so the hydrated page repeats the server's words.
 */

/** What a figure that does not exist yet shows (no answered conversation, no survey answer). */
export const NO_FIGURE = "—";

import { EXACT_ANSWER_TIMES_MS } from "~/shared/desk-operations";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** '45 s', '4 min 30 s', '1 h 5 min', '2 d 3 h': two units at most, the larger ones rounded. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return NO_FIGURE;
  const span = Math.max(0, ms);
  // A reply within the second happens; '0 s' would read as 'not measured'.
  if (span < SECOND) return "under 1 s";
  // Each branch rounds in its own unit first, so 59.6 s is '1 min', never '60 s'.
  const seconds = Math.round(span / SECOND);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return pair(Math.floor(seconds / 60), "min", seconds % 60, "s");
  const minutes = Math.round(span / MINUTE);
  if (minutes < 24 * 60) return pair(Math.floor(minutes / 60), "h", minutes % 60, "min");
  const hours = Math.round(span / HOUR);
  return pair(Math.floor(hours / 24), "d", hours % 24, "h");
}

function pair(big: number, bigUnit: string, small: number, smallUnit: string): string {
  return small === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${small} ${smallUnit}`;
}

/**
 * A share (0 to 1) as a whole percentage. Rounding never claims 'all' or 'none' that is not so:
 * 1 of 300 is 'under 1%', 299 of 300 'over 99%'.
 */
export function formatShare(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return NO_FIGURE;
  const clamped = Math.min(1, Math.max(0, share));
  const percent = Math.round(clamped * 100);
  if (clamped > 0 && percent === 0) return "under 1%";
  if (clamped < 1 && percent === 100) return "over 99%";
  return `${percent}%`;
}

/** `part` of `whole` as a share, or null when there is no whole to take it from. */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

const COUNT_FORMAT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A count as people read it: 1,234. */
export function formatCount(count: number): string {
  return COUNT_FORMAT.format(count);
}

/**
 * An hour of the day (0 to 23) as the start of its hour on a 24-hour clock: '09:00'; '09:30' where
 * the hours counted begin `minute` past the zone's hours (a zone half an hour off UTC's).
 */
export function formatHour(hour: number, minute = 0): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** An hour of the day as the span it covers: '09:00–10:00' ('09:30–10:30'). */
export function formatHourSpan(hour: number, minute = 0): string {
  return `${formatHour(hour, minute)}–${formatHour((hour + 1) % 24, minute)}`;
}

/**
 * A time to answer read from the figures' buckets: as formatDuration writes it up to
 * EXACT_ANSWER_TIMES_MS, where it is exact as shown; past it, marked as within
 * LONG_ANSWER_TIME_ERROR: '≈ 1 h 5 min'.
 */
export function formatAnswerTime(ms: number | null): string {
  const written = formatDuration(ms);
  return ms !== null && ms > EXACT_ANSWER_TIMES_MS ? `≈ ${written}` : written;
}

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment in a zone, saying which: 'May 14, 2026, 09:05 UTC', 'May 14, 2026, 11:05 Europe/Paris'.
 * The zone comes with the figures (their `timeZone`), so the browser repeats the server's words.
 */
export function formatMoment(timestamp: number, timeZone: string): string {
  let format = momentFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    momentFormats.set(timeZone, format);
  }
  return `${format.format(timestamp)} ${timeZone}`;
}
