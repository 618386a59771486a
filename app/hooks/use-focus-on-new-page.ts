import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * So a screen reader reads where the person arrived, as after a full load. A new query or hash on
 * the same path is the same page. Focused without scrolling, so ScrollRestoration stands.
 */
export function useFocusOnNewPage(): void {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    // A text field with focus was chosen by the page or the person: keep it.
    if (document.activeElement?.matches("input, textarea, select, [contenteditable]")) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [pathname]);
}
