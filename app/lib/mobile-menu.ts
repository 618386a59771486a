import { openEscapeLayer, returnFocusOnEscape } from "./escape-key";

/**
 * A native `<details>` opens without script; this adds Escape (not counted toward Quick exit,
 * app/lib/escape-key.ts) and closing on a link choice.
 */
export const MOBILE_MENU_ATTRIBUTE = "data-mobile-menu";

export type MobileMenu = {
  close: () => void;
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

  // `toggle` comes later as a queued task, so an Escape syncs first and closes a menu that has just opened.
  const syncBeforeEscape = (event: KeyboardEvent) => {
    if (event.key === "Escape") sync();
  };

  // Also when the summary was used before this ran.
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
