import { FIGURE_PERIODS, type FigurePeriod } from "~/shared/desk-operations";
import { knownTimeZone, UTC } from "~/shared/time-zones";

/** The query parameter /admin/desk reads its period from (its GET form's field). */
export const FIGURE_PERIOD_PARAM = "period";
/** The period shown when the address names none (or one that is not a choice). */
export const DEFAULT_FIGURE_PERIOD: FigurePeriod = "today";

const isFigurePeriod = (value: string): value is FigurePeriod => (FIGURE_PERIODS as readonly string[]).includes(value);

/**
 * The period an address asks for. A value that is not one of the choices (an old bookmark, a typo)
 * shows the default rather than an error page, so the form to choose again stays in reach; `known`
 * false lets the page say so instead of showing other figures silently.
 */
export function figurePeriodFrom(search: URLSearchParams): { period: FigurePeriod; known: boolean } {
  const asked = search.get(FIGURE_PERIOD_PARAM)?.trim() ?? "";
  if (asked === "") return { period: DEFAULT_FIGURE_PERIOD, known: true };
  return isFigurePeriod(asked) ? { period: asked, known: true } : { period: DEFAULT_FIGURE_PERIOD, known: false };
}

/** The query parameter /admin/desk reads its time zone from (its GET form's select). */
export const FIGURE_TIME_ZONE_PARAM = "tz";
/** The cookie that remembers the zone last chosen, for the next visit to /admin/desk. */
export const FIGURE_TIME_ZONE_COOKIE = "kindred.desk_time_zone";

/**
 * The zone the figures are read in: the one the address asks for, else the one remembered, else
 * UTC. One the address asks for that is not a known zone shows UTC with `known` false (the page says
 * so) and is not remembered; a known one is, canonically named (`remember`).
 */
export function figureTimeZoneFrom(
  search: URLSearchParams,
  remembered: string | null,
): { timeZone: string; known: boolean; remember: string | null } {
  const asked = search.get(FIGURE_TIME_ZONE_PARAM)?.trim() ?? "";
  if (asked === "") return { timeZone: knownTimeZone(remembered) ?? UTC, known: true, remember: null };
  const zone = knownTimeZone(asked);
  if (!zone) return { timeZone: UTC, known: false, remember: null };
  return { timeZone: zone, known: true, remember: zone === remembered ? null : zone };
}
