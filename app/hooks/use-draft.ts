import { type RefObject, useCallback, useLayoutEffect, useState } from "react";
import { COMPOSER_SENDING_ATTRIBUTE } from "~/lib/composer-before-framework";

const PREFIX = "kindred:draft:";

/**
 * So nothing typed is lost to a failed send, a reload or a forced logout. Text typed before the
 * scripts ran is taken in on mount; text the boot script already posted is a message, not a draft.
 */
export function useDraft(
  userId: string,
  key: string,
  field?: RefObject<HTMLTextAreaElement | HTMLInputElement | null>,
  initial = "",
): [string, (value: string) => void, () => void] {
  const storageKey = `${PREFIX}${userId}:${key}`;
  const [value, setValue] = useState(initial);

  // After mount, as a layout effect: the server never sees drafts, and the box holds the text before paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field is read once, when the place's draft is first read
  useLayoutEffect(() => {
    const stored = window.localStorage.getItem(storageKey) ?? "";
    const posted = field?.current?.closest(`[${COMPOSER_SENDING_ATTRIBUTE}]`) != null;
    const draft = withTypedBeforeScripts(posted ? "" : (field?.current?.value ?? ""), stored);
    setValue(draft);
    if (draft !== stored) window.localStorage.setItem(storageKey, draft);
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

/**
 * What was typed before the scripts comes first; a stored draft it lacks follows on a new line
 * rather than being dropped.
 */
export function withTypedBeforeScripts(typed: string, stored: string): string {
  if (!typed) return stored;
  if (!stored || typed.startsWith(stored)) return typed;
  return `${typed}\n${stored}`;
}
