/** Pure, with the same answers in the Worker, the Durable Objects and the browser. */

export const UTC = "UTC";
/** Refused before Intl is asked. */
const MAX_TIME_ZONE_NAME = 64;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const within = (value: number, span: number) => ((value % span) + span) % span;

let names: string[] | null = null;
let known: Set<string> | null = null;

export function timeZoneNames(): string[] {
  names ??= [UTC, ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== UTC)];
  return names;
}

/** Null for anything else, an offset such as '+05:00' included. */
export function knownTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value === "" || value.length > MAX_TIME_ZONE_NAME) return null;
  let zone: string;
  try {
    // Not kept: only canonical names are worth a formatter each.
    zone = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (zone === "Etc/UTC" || zone === "Etc/GMT") zone = UTC;
  known ??= new Set(timeZoneNames());
  return known.has(zone) ? zone : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building one is what costs. */
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

/** As the UTC moment that reads the same. */
function wallClock(at: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterIn(zone).formatToParts(at)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour % 24, minute, second);
}

export function zoneOffsetMs(at: number, zone: string): number {
  if (zone === UTC) return 0;
  const whole = at - within(at, 1000);
  return wallClock(whole, zone) - whole;
}

/** The first of two midnights where clocks go back; the moment clocks move on where a change skips midnight. */
export function startOfDayIn(at: number, zone: string): number {
  if (zone === UTC) return at - within(at, DAY_MS);
  const wall = at + zoneOffsetMs(at, zone);
  const midnight = wall - within(wall, DAY_MS);
  // A clock change is never more than a few hours.
  const near = midnight - zoneOffsetMs(at, zone);
  const offsets = new Set([-3, -2, -1, 0, 1, 2, 3].map((hours) => zoneOffsetMs(near + hours * HOUR_MS, zone)));
  let start = at;
  for (const offset of offsets) {
    const candidate = midnight - offset;
    if (candidate < start && candidate + zoneOffsetMs(candidate, zone) >= midnight) start = candidate;
  }
  return start;
}

export function hourIn(at: number, zone: string): number {
  if (zone === UTC) return new Date(at).getUTCHours();
  return new Date(at + zoneOffsetMs(at, zone)).getUTCHours();
}
