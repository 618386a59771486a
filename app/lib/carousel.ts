/** Spec section 9. */
export const CAROUSEL_INTERVAL_MS = 5000;

/**
 * DOM code over server markup, so the landing page needs no framework (WAI-ARIA APG carousel). Never
 * moves by itself under prefers-reduced-motion; not announced while rotating by itself. Without
 * scripts every message is listed.
 */

export const CAROUSEL_PARTS = {
  root: "data-carousel",
  slides: "data-carousel-slides",
  slide: "data-carousel-slide",
  dot: "data-carousel-dot",
  previous: "data-carousel-previous",
  next: "data-carousel-next",
  pause: "data-carousel-pause",
  /** This module carries no words. */
  playLabel: "data-play-label",
  current: "data-current",
} as const;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

export function startCarousel(root: HTMLElement, intervalMs = CAROUSEL_INTERVAL_MS): () => void {
  const all = (part: string) => [...root.querySelectorAll<HTMLElement>(`[${part}]`)];
  const slides = all(CAROUSEL_PARTS.slide);
  const dots = all(CAROUSEL_PARTS.dot);
  const live = root.querySelector<HTMLElement>(`[${CAROUSEL_PARTS.slides}]`);
  const pause = root.querySelector<HTMLButtonElement>(`[${CAROUSEL_PARTS.pause}]`);
  const motion = window.matchMedia(REDUCED_MOTION);
  const pauseLabel = pause?.textContent ?? "";
  const playLabel = pause?.getAttribute(CAROUSEL_PARTS.playLabel) ?? pauseLabel;
  if (slides.length === 0) return () => {};

  let index = Math.max(
    0,
    slides.findIndex((slide) => slide.hasAttribute(CAROUSEL_PARTS.current)),
  );
  let hovered = false;
  let focused = false;
  let stopped = false;
  let timer: number | undefined;

  const rotating = () => !stopped && !motion.matches && !hovered && !focused;

  // Writes only what changed, so the first run over the server's markup costs no layout work.
  const set = (element: Element, name: string, value: string | null) => {
    if (element.getAttribute(name) === value) return;
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  };
  const render = () => {
    slides.forEach((slide, i) => {
      set(slide, CAROUSEL_PARTS.current, i === index ? "" : null);
    });
    dots.forEach((dot, i) => {
      set(dot, "aria-current", i === index ? "true" : null);
    });
    if (live) set(live, "aria-live", rotating() ? "off" : "polite");
    const label = stopped ? playLabel : pauseLabel;
    if (pause && pause.textContent !== label) pause.textContent = label;
    // Re-armed on every change, so a manual move also restarts the full interval.
    window.clearTimeout(timer);
    timer = rotating() ? window.setTimeout(() => show(index + 1), intervalMs) : undefined;
  };

  const show = (next: number) => {
    index = (next + slides.length) % slides.length;
    render();
  };

  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest("button") : null;
    if (!control || !root.contains(control)) return;
    if (control.hasAttribute(CAROUSEL_PARTS.previous)) show(index - 1);
    else if (control.hasAttribute(CAROUSEL_PARTS.next)) show(index + 1);
    else if (control.hasAttribute(CAROUSEL_PARTS.dot)) show(dots.indexOf(control));
    else if (control.hasAttribute(CAROUSEL_PARTS.pause)) {
      stopped = !stopped;
      render();
    }
  };
  const onPointer = (event: MouseEvent) => {
    hovered = event.type === "mouseenter";
    render();
  };
  const onFocusIn = () => {
    focused = true;
    render();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    focused = false;
    render();
  };

  const listening = new AbortController();
  const { signal } = listening;
  root.addEventListener("click", onClick, { signal });
  root.addEventListener("mouseenter", onPointer, { signal });
  root.addEventListener("mouseleave", onPointer, { signal });
  root.addEventListener("focusin", onFocusIn, { signal });
  root.addEventListener("focusout", onFocusOut, { signal });
  motion.addEventListener("change", render, { signal });
  // Already hovered or focused when the script arrived.
  hovered = root.matches(":hover");
  focused = root.contains(document.activeElement);
  render();

  return () => {
    window.clearTimeout(timer);
    listening.abort();
  };
}
