/**
 * Whether this page is already on its way out: to the sign-in page after a session ended, or to the
 * neutral site after a quick exit. The first way out wins, so a session end noticed while the
 * neutral site loads (the quick exit's own sign-out closing the sockets) cannot send the person back
 * to this site.
 *
 * Quick exit runs from the page's inline script (app/page-scripts/boot.ts) and the session rules from
 * the app's bundle: two copies of this module that must agree. So the mark is kept on the document,
 * which both see, not in a module variable.
 */
const LEAVING_ATTRIBUTE = "data-leaving";

/** Claims the way out; false when the page is already leaving another way. */
export function startLeaving(): boolean {
  if (isLeaving()) return false;
  document.documentElement.setAttribute(LEAVING_ATTRIBUTE, "");
  return true;
}

export function isLeaving(): boolean {
  return document.documentElement.hasAttribute(LEAVING_ATTRIBUTE);
}
