import { FIGURE_PERIODS, type FigurePeriod } from "~/shared/desk-operations";

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
