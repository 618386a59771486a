/** Auto-advance interval of the carousel (spec section 9). */
export const CAROUSEL_INTERVAL_MS = 5000;

/**
 * The landing page's carousel of encouraging messages (spec section 2; WAI-ARIA APG carousel
 * pattern), as a small DOM module over server-rendered markup, so it needs no framework: the
 * landing page starts it from app/page-scripts/public-page.ts, and the React component
 * (app/components/landing/encouragement-carousel.tsx) from an effect where the page is hydrated.
 *
 * It advances every 5 s, pauses while hovered or focused and while the person has pressed Pause,
 * and never moves by itself under prefers-reduced-motion. While it rotates by itself it is not
 * announced; otherwise slide changes are announced politely. A manual move restarts the interval.
 *
 * The markup carries the state: the current slide has `data-current`, its dot `aria-current`. The
 * stylesheet shows the current slide only once scripts run (app/app.css, the `scripted` variant);
 * without them every message is listed and the controls are not shown.
 */

/** The markup's hooks, shared with the component that renders it. */
export const CAROUSEL_PARTS = {
  root: "data-carousel",
  slides: "data-carousel-slides",
  slide: "data-carousel-slide",
  dot: "data-carousel-dot",
  previous: "data-carousel-previous",
  next: "data-carousel-next",
  pause: "data-carousel-pause",
  /** On the pause button: its words once pressed, in the page's language (this module carries none). */
  playLabel: "data-play-label",
  current: "data-current",
} as const;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** Starts the carousel inside `root`; answers the function that stops it. */
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

  // Writes only what changed: the first run over the server's markup (first message, rotating)
  // then costs the page no style or layout work.
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

  // One signal removes every listener when the carousel stops.
  const listening = new AbortController();
  const { signal } = listening;
  root.addEventListener("click", onClick, { signal });
  root.addEventListener("mouseenter", onPointer, { signal });
  root.addEventListener("mouseleave", onPointer, { signal });
  root.addEventListener("focusin", onFocusIn, { signal });
  root.addEventListener("focusout", onFocusOut, { signal });
  motion.addEventListener("change", render, { signal });
  // Already hovered or focused when the script arrived: pause as if it had seen it happen.
  hovered = root.matches(":hover");
  focused = root.contains(document.activeElement);
  render();

  return () => {
    window.clearTimeout(timer);
    listening.abort();
  };
}
