import { FIGURE_PERIODS, type FigurePeriod } from "~/shared/desk-operations";
import { knownTimeZone, UTC } from "~/shared/time-zones";

export const FIGURE_PERIOD_PARAM = "period";
export const DEFAULT_FIGURE_PERIOD: FigurePeriod = "today";

const isFigurePeriod = (value: string): value is FigurePeriod => (FIGURE_PERIODS as readonly string[]).includes(value);

/**
 * An unknown value (an old bookmark) shows the default with `known` false, keeping the form to
 * choose again in reach.
 */
export function figurePeriodFrom(search: URLSearchParams): { period: FigurePeriod; known: boolean } {
  const asked = search.get(FIGURE_PERIOD_PARAM)?.trim() ?? "";
  if (asked === "") return { period: DEFAULT_FIGURE_PERIOD, known: true };
  return isFigurePeriod(asked) ? { period: asked, known: true } : { period: DEFAULT_FIGURE_PERIOD, known: false };
}

export const FIGURE_TIME_ZONE_PARAM = "tz";
export const FIGURE_TIME_ZONE_COOKIE = "kindred.desk_time_zone";

/** Address, else remembered, else UTC; an unknown zone shows UTC with `known` false and is not remembered. */
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
