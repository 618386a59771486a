/**
 * Time zones by their IANA names ('Europe/Paris'), for figures a person reads in their own zone: the
 * names this runtime knows, the start of a day and the hour of the day in a zone. Pure, with the
 * same answers in the Worker, the Durable Objects and the browser (each has the zone data).
 */

export const UTC = "UTC";
/** Longer than any IANA name; a longer value is refused before Intl is asked. */
const MAX_TIME_ZONE_NAME = 64;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** `value` within [0, span): the remainder that is never negative. */
const within = (value: number, span: number) => ((value % span) + span) % span;

let names: string[] | null = null;
let known: Set<string> | null = null;

/** Every zone this runtime knows, UTC first, then by name. */
export function timeZoneNames(): string[] {
  names ??= [UTC, ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== UTC)];
  return names;
}

/**
 * The zone's canonical name ('europe/paris' is 'Europe/Paris', 'Etc/UTC' is 'UTC'), or null for
 * anything that is not one of timeZoneNames() (an offset such as '+05:00' included).
 */
export function knownTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value === "" || value.length > MAX_TIME_ZONE_NAME) return null;
  let zone: string;
  try {
    // Not kept: only the canonical names are worth a formatter each.
    zone = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (zone === "Etc/UTC" || zone === "Etc/GMT") zone = UTC;
  known ??= new Set(timeZoneNames());
  return known.has(zone) ? zone : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one is what costs, using it is cheap. */
function formatterIn(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock in `zone` at `at`, as the UTC moment that reads the same (its seconds kept). */
function wallClock(at: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterIn(zone).formatToParts(at)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour % 24, minute, second);
}

/** How far `zone`'s clock is ahead of UTC at `at`, in ms (negative west of Greenwich). */
export function zoneOffsetMs(at: number, zone: string): number {
  if (zone === UTC) return 0;
  const whole = at - within(at, 1000);
  return wallClock(whole, zone) - whole;
}

/**
 * The moment the day that holds `at` began in `zone`: its midnight; the first of two where the clocks
 * go back over midnight; the moment the clocks move on where a change skips midnight.
 */
export function startOfDayIn(at: number, zone: string): number {
  if (zone === UTC) return at - within(at, DAY_MS);
  const wall = at + zoneOffsetMs(at, zone);
  const midnight = wall - within(wall, DAY_MS);
  // The offsets in force around that midnight: a clock change is never more than a few hours.
  const near = midnight - zoneOffsetMs(at, zone);
  const offsets = new Set([-3, -2, -1, 0, 1, 2, 3].map((hours) => zoneOffsetMs(near + hours * HOUR_MS, zone)));
  let start = at;
  for (const offset of offsets) {
    const candidate = midnight - offset;
    if (candidate < start && candidate + zoneOffsetMs(candidate, zone) >= midnight) start = candidate;
  }
  return start;
}

/** The hour of the day (0 to 23) on `zone`'s clock at `at`. */
export function hourIn(at: number, zone: string): number {
  if (zone === UTC) return new Date(at).getUTCHours();
  return new Date(at + zoneOffsetMs(at, zone)).getUTCHours();
}
