import { type RefObject, useCallback, useEffect, useRef } from "react";
import { restingTop } from "~/lib/newest-in-view";

/** How close to its resting place a list counts as showing its newest item. */
const AT_END_PX = 24;

/**
 * Keeps a scrolling list showing its newest row while the person is reading there, when its size or
 * its content's size changes without a new item: a picture finishing loading, or the crisis help
 * opening above the composer and taking height from the list. Someone who scrolled up to read older
 * messages stays where they are. Answers the function that shows the newest row (for a new item).
 */
export function useStickToNewest(listRef: RefObject<HTMLElement | null>): () => void {
  // Where the page itself last scrolled the list: the scroll event of that move can arrive after the
  // list has changed size again, and must not be taken for the person scrolling away.
  const placedAt = useRef<number | null>(null);
  const atNewest = useRef(true);
  const showNewest = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    list.scrollTop = restingTop(list);
    placedAt.current = list.scrollTop;
    atNewest.current = true;
  }, [listRef]);

  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      if (list.scrollTop === placedAt.current) return;
      placedAt.current = null;
      atNewest.current = list.scrollTop >= restingTop(list) - AT_END_PX;
    };
    const keep = () => {
      if (atNewest.current) showNewest();
    };
    list.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(keep);
    observer.observe(list);
    for (const child of list.children) observer.observe(child);
    return () => {
      list.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, [listRef, showNewest]);
  return showNewest;
}
