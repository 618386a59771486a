import { useEffect, useId, useState } from "react";
import { usePrefersReducedMotion } from "~/hooks/use-prefers-reduced-motion";
import { CAROUSEL_INTERVAL_MS, type EncouragementSlide } from "~/lib/landing-content";

/**
 * The encouraging-messages carousel (spec section 2; WAI-ARIA APG carousel pattern). It advances
 * every 5 s, pauses while hovered or focused and when the person presses Pause, and never moves on
 * its own under prefers-reduced-motion. While it rotates by itself it is not announced; once paused,
 * slide changes are announced politely.
 */
export function EncouragementCarousel({ slides }: { slides: EncouragementSlide[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const slidesId = useId();
  const rotating = !stopped && !reducedMotion && !hovered && !focused;

  // Re-armed on every slide change, so a manual move also restarts the full interval.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `index` is the re-arm trigger
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % slides.length), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, slides.length]);

  const show = (next: number) => setIndex((next + slides.length) % slides.length);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Encouraging messages"
      className="mx-auto max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="flex justify-end">
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          className="rounded-full px-3 py-1 text-sm font-medium text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {stopped ? "Play messages" : "Pause messages"}
        </button>
      </div>
      <div
        id={slidesId}
        aria-live={rotating ? "off" : "polite"}
        className="mt-2 min-h-48 rounded-2xl bg-white p-6 text-center shadow-md ring-1 ring-brand-100 sm:p-10"
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names each slide a group
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            hidden={i !== index}
          >
            <h3 className="text-2xl font-bold text-brand-900 sm:text-3xl">{slide.title}</h3>
            <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-slate-700">{slide.text}</p>
          </div>
        ))}
      </div>
      <div className="mt-5 flex items-center justify-center gap-4">
        <ArrowButton direction="previous" controls={slidesId} onClick={() => show(index - 1)} />
        <div className="flex items-center">
          {slides.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              aria-controls={slidesId}
              aria-current={i === index ? "true" : undefined}
              onClick={() => show(i)}
              className="group inline-flex h-11 w-8 items-center justify-center focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span className="sr-only">{`Show message ${i + 1}: ${slide.title}`}</span>
              <span
                aria-hidden="true"
                className={`block h-3 rounded-full transition-all ${i === index ? "w-6 bg-brand-700" : "w-3 bg-brand-200 group-hover:bg-brand-500"}`}
              />
            </button>
          ))}
        </div>
        <ArrowButton direction="next" controls={slidesId} onClick={() => show(index + 1)} />
      </div>
    </section>
  );
}

function ArrowButton({
  direction,
  controls,
  onClick,
}: {
  direction: "previous" | "next";
  controls: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-controls={controls}
      onClick={onClick}
      className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <span className="sr-only">{direction === "previous" ? "Previous message" : "Next message"}</span>
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d={direction === "previous" ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6"} />
      </svg>
    </button>
  );
}
