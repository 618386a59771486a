import { type RefObject, useEffect } from "react";

/** How close to the end a list counts as showing its newest item. */
const AT_END_PX = 24;

/**
 * Keeps a scrolling list at its end while the person is reading its end, when its size or its
 * content's size changes without a new item: a picture finishing loading, or the crisis help
 * opening above the composer and taking height from the list (issue 23). Someone who scrolled up
 * to read older messages stays where they are.
 */
export function useStickToNewest(listRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === "undefined") return;
    let atEnd = true;
    const measure = () => {
      atEnd = list.scrollHeight - list.scrollTop - list.clientHeight <= AT_END_PX;
    };
    const keep = () => {
      if (atEnd) list.scrollTop = list.scrollHeight;
    };
    list.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(keep);
    observer.observe(list);
    for (const child of list.children) observer.observe(child);
    return () => {
      list.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, [listRef]);
}
