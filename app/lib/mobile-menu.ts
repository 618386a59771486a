import { openEscapeLayer, returnFocusOnEscape } from "./escape-key";

/**
 * The header's phone menu is a native `<details>` (app/components/layout/site-header.tsx): its
 * summary opens and closes it with no script at all. This adds what a menu does beyond that, on
 * pages with or without the framework (the header component starts it on hydrated pages,
 * app/page-scripts/public-page.ts on the others):
 *
 *   - Escape closes it (after anything opened inside it, newest first) and puts focus back on its
 *     toggle when focus was inside; that press does not count toward Quick exit (the rule in
 *     app/lib/escape-key.ts);
 *   - choosing a link inside it closes it (a link to a section of the same page included).
 */
export const MOBILE_MENU_ATTRIBUTE = "data-mobile-menu";

export type MobileMenu = {
  /** Closes the menu (a client-side navigation does this); focus is left where it is. */
  close: () => void;
  /** Removes every listener. */
  stop: () => void;
};

export function startMobileMenu(details: HTMLDetailsElement): MobileMenu {
  const toggle = details.querySelector("summary");
  let closeLayer: (() => void) | null = null;

  const panel = () => (details.open ? (details.querySelector<HTMLElement>(":scope > :not(summary)") ?? null) : null);

  const sync = () => {
    if (details.open && !closeLayer) {
      closeLayer = openEscapeLayer(() => {
        returnFocusOnEscape(details, toggle);
        details.open = false;
        sync();
      }, panel);
    } else if (!details.open && closeLayer) {
      closeLayer();
      closeLayer = null;
    }
  };

  const onClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("a[href]")) {
      details.open = false;
      sync();
    }
  };

  // The open state changes at once, its `toggle` event comes later, as a queued task that a busy page
  // can run after the next key press: an Escape syncs first (in the capture phase, before the escape
  // rule's listener further on), so it closes a menu that has just opened.
  const syncBeforeEscape = (event: KeyboardEvent) => {
    if (event.key === "Escape") sync();
  };

  // `toggle` fires after the open state changed, also when the summary was used before this ran.
  details.addEventListener("toggle", sync);
  details.addEventListener("click", onClick);
  document.addEventListener("keydown", syncBeforeEscape, true);
  sync();

  return {
    close: () => {
      details.open = false;
      sync();
    },
    stop: () => {
      details.removeEventListener("toggle", sync);
      details.removeEventListener("click", onClick);
      document.removeEventListener("keydown", syncBeforeEscape, true);
      closeLayer?.();
      closeLayer = null;
    },
  };
}
