import { type RefObject, useCallback, useEffect, useRef } from "react";
import { restingTop } from "~/lib/newest-in-view";

const AT_END_PX = 24;

/**
 * When its size changes without a new item (a picture loading, the crisis help opening); someone
 * who scrolled up stays.
 */
export function useStickToNewest(listRef: RefObject<HTMLElement | null>): () => void {
  // The scroll event of the page's own move can arrive after another resize; it is not the person scrolling away.
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
