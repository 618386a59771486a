import { type RefObject, useEffect, useRef } from "react";

/**
 * Puts focus on `target` when `key` changes and focus was lost meanwhile: an action replaced or
 * removed the element that had it (a dialog's button, an Unblock form) and the browser dropped focus
 * to <body>, where a keyboard or screen-reader user would have to start again from the top. Focus
 * the person moved elsewhere (the composer they type in) is left where it is, and nothing moves
 * when the page first renders.
 */
export function useFocusWhenLost(target: RefObject<HTMLElement | null>, key: string): void {
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    target.current?.focus();
  }, [key, target]);
}
