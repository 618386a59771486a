/**
 * Escape closes the thing on top; only a press nothing closed counts toward Quick exit, so someone
 * closing things never leaves by accident. Anything that closes on Escape calls `preventDefault()`
 * in a keydown listener on `document` or below (`useCloseOnEscape` does it for menus).
 */

type Layer = { close: () => void; panel: () => HTMLElement | null };

const openLayers: Layer[] = [];

/** The phone menu left open on a widened window. */
function isShown(layer: Layer): boolean {
  const panel = layer.panel();
  return panel !== null && panel.getClientRects().length > 0;
}

/** The browser closes it after the key's listeners run, so they still see it open. */
function browserClosesOnEscape(): boolean {
  for (const selector of ["dialog:modal", "[popover]:not([popover=manual]):popover-open"]) {
    try {
      if (document.querySelector(selector)) return true;
    } catch {
      // A browser that does not know the selector has nothing of that kind open.
    }
  }
  return false;
}

export function escapeWasConsumed(event: KeyboardEvent): boolean {
  return event.defaultPrevented || browserClosesOnEscape();
}

function closeTopLayer(event: KeyboardEvent): void {
  if (event.key !== "Escape" || event.isComposing || event.defaultPrevented) return;
  if (browserClosesOnEscape()) return;
  const layer = openLayers.findLast(isShown);
  if (!layer) return;
  event.preventDefault();
  layer.close();
}

/** Answers the function that removes it. */
export function openEscapeLayer(close: () => void, panel: () => HTMLElement | null): () => void {
  const layer = { close, panel };
  openLayers.push(layer);
  if (openLayers.length === 1) document.addEventListener("keydown", closeTopLayer);
  return () => {
    const index = openLayers.indexOf(layer);
    if (index !== -1) openLayers.splice(index, 1);
    if (openLayers.length === 0) document.removeEventListener("keydown", closeTopLayer);
  };
}

/** Left alone when the person had put focus somewhere else. */
export function returnFocusOnEscape(container: HTMLElement | null, button: HTMLElement | null): void {
  const focused = document.activeElement;
  if (!focused || focused === document.body || container?.contains(focused)) button?.focus();
}
