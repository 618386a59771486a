import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from the render
 * right after (and at once on a page the browser renders itself). What only works with scripts (a
 * button that needs its handler, a time in the browser's own zone) switches on from here, so the
 * server's HTML, and a page without scripts, get what works without them, and hydration matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
