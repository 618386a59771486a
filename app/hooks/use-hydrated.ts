import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False through hydration, so the server's HTML and a page without scripts get what works without
 * them, and hydration matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
