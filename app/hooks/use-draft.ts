import { useCallback, useEffect, useState } from "react";

const PREFIX = "kindred:draft:";

/**
 * Text being written, kept in this browser's localStorage for one user and one place, so nothing
 * typed is lost to a failed send, a reload or a forced logout: it is back after signing in again.
 */
export function useDraft(userId: string, key: string): [string, (value: string) => void, () => void] {
  const storageKey = `${PREFIX}${userId}:${key}`;
  const [value, setValue] = useState("");

  // Read after mount: the server never sees drafts, so the first render must not depend on them.
  useEffect(() => {
    setValue(window.localStorage.getItem(storageKey) ?? "");
  }, [storageKey]);

  const update = useCallback(
    (next: string) => {
      setValue(next);
      if (next) window.localStorage.setItem(storageKey, next);
      else window.localStorage.removeItem(storageKey);
    },
    [storageKey],
  );
  const clear = useCallback(() => update(""), [update]);
  return [value, update, clear];
}
