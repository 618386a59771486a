/**
 * The first way out wins, so a session end noticed while the neutral site loads cannot send the
 * person back. Kept on the document: the boot script and the app's bundle hold two copies of this module.
 */
const LEAVING_ATTRIBUTE = "data-leaving";

export function startLeaving(): boolean {
  if (isLeaving()) return false;
  document.documentElement.setAttribute(LEAVING_ATTRIBUTE, "");
  return true;
}

export function isLeaving(): boolean {
  return document.documentElement.hasAttribute(LEAVING_ATTRIBUTE);
}
