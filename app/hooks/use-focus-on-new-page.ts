import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side move to another page, focus goes to the new page's main heading, so a screen
 * reader reads where the person arrived, as it would after a full page load, and Tab continues
 * from the top of the new content. A page is its path: a new query or hash on the same
 * path (a /users search answering, the skip link) is the same page and leaves focus alone, while
 * another conversation (/chat/:id) is another page. Not on the first load, where the browser starts
 * at the top by itself.
 *
 * The heading is made focusable by script only (tabindex -1, not in the Tab order; app.css drops
 * its outline) and focused without scrolling, so ScrollRestoration's top of a new page and earlier
 * position on Back stand.
 */
export function useFocusOnNewPage(): void {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    // A text field with focus was chosen by the page or the person (a form's first error): keep it.
    if (document.activeElement?.matches("input, textarea, select, [contenteditable]")) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [pathname]);
}
