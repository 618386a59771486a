/**
 * Whether this page is already on its way out: to the sign-in page after a session ended, or to the
 * neutral site after a quick exit. The first way out wins, so a session end noticed while the
 * neutral site loads (the quick exit's own sign-out closing the sockets) cannot send the person back
 * to this site. Its own tiny module so the landing page's Quick exit does not load the session rules.
 */
let leaving = false;

/** Claims the way out; false when the page is already leaving another way. */
export function startLeaving(): boolean {
  if (leaving) return false;
  leaving = true;
  return true;
}

export function isLeaving(): boolean {
  return leaving;
}
