import { useCallback, useSyncExternalStore } from "react";

/** Off unless the listener turned it on. */
const SOUND_KEY = "kindred:desk-sound";
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    // Storage refused (a private window): the sound stays off.
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** Off on the server and until hydrated. */
export function useDeskSound(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => false);
  const set = useCallback((next: boolean) => {
    try {
      if (next) window.localStorage.setItem(SOUND_KEY, "on");
      else window.localStorage.removeItem(SOUND_KEY);
    } catch {
      // Not remembered; nothing else to do.
    }
    for (const listener of listeners) listener();
  }, []);
  return [on, set];
}
