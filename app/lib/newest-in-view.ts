/**
 * Where a conversation's scrolling list rests when it shows its newest message, for the page's
 * hooks and for the first paint. A page with scripts paints before the framework hydrates it
 * (app/lib/framework-after-paint.ts), so the inline boot script puts each such list there as soon as
 * the page is parsed (`showNewestRowsOnceParsed`); without scripts a reversed flex column does it.
 */

/** On a scrolling list that opens at its newest row. */
export const OPENS_AT_NEWEST_ATTRIBUTE = "data-opens-at-newest";

/** The rows of the conversation (messages and the desk's events), newest last. */
const ROWS = "ol > li";

/**
 * Where a list rests when it shows its newest: scrolled to its end, unless what follows the newest
 * row (the desk's line, a notice) would push that row above the top on a short screen; then the
 * newest row sits at the top and what follows it is read by scrolling on.
 */
export function restingTop(list: HTMLElement): number {
  const end = Math.max(0, list.scrollHeight - list.clientHeight);
  const rows = list.querySelectorAll(ROWS);
  const newest = rows[rows.length - 1];
  if (!newest) return end;
  const newestAtTop = list.scrollTop + newest.getBoundingClientRect().top - list.getBoundingClientRect().top;
  return Math.min(end, Math.max(0, newestAtTop));
}

/**
 * Puts every list that opens at its newest row there once the page is parsed, in the frame that is
 * painted next: laid out with the stylesheet, which the page waits for before its first frame (a
 * list is no scrolling box without it).
 */
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
