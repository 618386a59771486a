import { type RefObject, useEffect, useRef } from "react";

/**
 * When an action removed the focused element and the browser dropped focus to <body>; focus the
 * person moved is left alone.
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
