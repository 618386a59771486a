/** Every formatter has a fixed locale and is given its zone, so the hydrated page repeats the server's words. */

export const NO_FIGURE = "—";

import { EXACT_ANSWER_TIMES_MS } from "~/shared/desk-operations";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return NO_FIGURE;
  const span = Math.max(0, ms);
  // '0 s' would read as 'not measured'.
  if (span < SECOND) return "under 1 s";
  // So 59.6 s is '1 min', never '60 s'.
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

/** Never claims 'all' or 'none' that is not so: 1 of 300 is 'under 1%'. */
export function formatShare(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return NO_FIGURE;
  const clamped = Math.min(1, Math.max(0, share));
  const percent = Math.round(clamped * 100);
  if (clamped > 0 && percent === 0) return "under 1%";
  if (clamped < 1 && percent === 100) return "over 99%";
  return `${percent}%`;
}

export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

const COUNT_FORMAT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function formatCount(count: number): string {
  return COUNT_FORMAT.format(count);
}

/** '09:30' where the hours counted begin `minute` past (a zone half an hour off UTC's). */
export function formatHour(hour: number, minute = 0): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

export function formatHourSpan(hour: number, minute = 0): string {
  return `${formatHour(hour, minute)}–${formatHour((hour + 1) % 24, minute)}`;
}

/** Past EXACT_ANSWER_TIMES_MS, marked as within LONG_ANSWER_TIME_ERROR: '≈ 1 h 5 min'. */
export function formatAnswerTime(ms: number | null): string {
  const written = formatDuration(ms);
  return ms !== null && ms > EXACT_ANSWER_TIMES_MS ? `≈ ${written}` : written;
}

const momentFormats = new Map<string, Intl.DateTimeFormat>();

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
