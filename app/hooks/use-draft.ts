import { type RefObject, useCallback, useLayoutEffect, useState } from "react";
import { COMPOSER_SENDING_ATTRIBUTE } from "~/lib/composer-before-framework";

const PREFIX = "kindred:draft:";

/**
 * Text being written, kept in this browser's localStorage for one user and one place, so nothing
 * typed is lost to a failed send, a reload or a forced logout: it is back after signing in again.
 *
 * `field` is the box the draft is written in. What was typed into it before the page's scripts ran
 * (a slow phone shows the server's page first) is still in it when they do, but the first render
 * that follows would set the box back to the empty draft: so it is taken into the draft on mount,
 * ahead of any stored one. Text the server rendered into the box (`initial`) is in it the
 * same way. Text the page's script already posted (app/lib/composer-before-framework.ts) is a
 * message on its way, not a draft: taken in, it would come back in the box after the page did.
 */
export function useDraft(
  userId: string,
  key: string,
  field?: RefObject<HTMLTextAreaElement | HTMLInputElement | null>,
  /** Text the server puts back in the box (a form post it refused): rendered with the page. */
  initial = "",
): [string, (value: string) => void, () => void] {
  const storageKey = `${PREFIX}${userId}:${key}`;
  const [value, setValue] = useState(initial);

  // Read after mount: the server never sees drafts, so the first render must not depend on them.
  // A layout effect, so the box holds the text before the browser can paint or hand over a click.
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
 * The draft when `typed` was written before the scripts ran and `stored` was kept from before. The
 * typed text is what the person sees and meant now, so it comes first; a stored draft it does not
 * already hold (a browser that restores the box's text restores the draft itself) follows on a new
 * line rather than being dropped, as a failed send's text goes back ahead of what was typed since.
 */
export function withTypedBeforeScripts(typed: string, stored: string): string {
  if (!typed) return stored;
  if (!stored || typed.startsWith(stored)) return typed;
  return `${typed}\n${stored}`;
}
