/**
 * The page paints before the framework hydrates, so the boot script places each list once parsed;
 * without scripts a reversed flex column does it.
 */

export const OPENS_AT_NEWEST_ATTRIBUTE = "data-opens-at-newest";

const ROWS = "ol > li";

/** Unless what follows the newest row would push it above the top on a short screen. */
export function restingTop(list: HTMLElement): number {
  const end = Math.max(0, list.scrollHeight - list.clientHeight);
  const rows = list.querySelectorAll(ROWS);
  const newest = rows[rows.length - 1];
  if (!newest) return end;
  const newestAtTop = list.scrollTop + newest.getBoundingClientRect().top - list.getBoundingClientRect().top;
  return Math.min(end, Math.max(0, newestAtTop));
}

/** In the next painted frame, laid out with the stylesheet (a list is no scrolling box without it). */
export function showNewestRowsOnceParsed(doc: Document): void {
  const place = () => {
    for (const list of doc.querySelectorAll<HTMLElement>(`[${OPENS_AT_NEWEST_ATTRIBUTE}]`)) {
      list.scrollTop = restingTop(list);
    }
  };
  const beforeNextPaint = () => requestAnimationFrame(place);
  if (doc.readyState !== "loading") beforeNextPaint();
  else doc.addEventListener("readystatechange", beforeNextPaint, { once: true });
}
