import { memo, useEffect, useId, useRef } from "react";
import { CAROUSEL_PARTS, startCarousel } from "~/lib/carousel";
import type { EncouragementSlide } from "~/lib/landing-content";
import { CAROUSEL_TEXTS } from "./carousel-texts";

const part = (name: keyof typeof CAROUSEL_PARTS) => ({ [CAROUSEL_PARTS[name]]: "" });

/** Markup only (app/lib/carousel.ts moves it); React never re-renders it, so the state kept in the DOM stays. */
export const EncouragementCarousel = memo(function EncouragementCarousel({ slides }: { slides: EncouragementSlide[] }) {
  const rootRef = useRef<HTMLElement>(null);
  const slidesId = useId();
  useEffect(() => (rootRef.current ? startCarousel(rootRef.current) : undefined), []);

  return (
    <section
      ref={rootRef}
      {...part("root")}
      aria-roledescription="carousel"
      aria-label={CAROUSEL_TEXTS.label}
      className="mx-auto max-w-3xl"
    >
      <div className="flex justify-end no-js:hidden">
        <button
          type="button"
          {...part("pause")}
          {...{ [CAROUSEL_PARTS.playLabel]: CAROUSEL_TEXTS.play }}
          className="rounded-full px-3 py-1 text-sm font-medium text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {CAROUSEL_TEXTS.pause}
        </button>
      </div>
      <div
        id={slidesId}
        {...part("slides")}
        aria-live="off"
        className="mt-2 grid rounded-2xl bg-white p-6 text-center shadow-md ring-1 ring-brand-100 sm:p-10 no-js:gap-8"
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names each slide a group
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={CAROUSEL_TEXTS.slide(i + 1, slides.length)}
            {...part("slide")}
            {...(i === 0 ? part("current") : {})}
            className="js:[grid-area:1/1] js:not-data-current:invisible"
          >
            <h3 className="text-2xl font-bold text-brand-900 sm:text-3xl">{slide.title}</h3>
            <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-slate-700">{slide.text}</p>
          </div>
        ))}
      </div>
      <div className="mt-5 flex items-center justify-center gap-4 no-js:hidden">
        <ArrowButton direction="previous" controls={slidesId} />
        <div className="flex items-center">
          {slides.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              {...part("dot")}
              aria-controls={slidesId}
              aria-current={i === 0 ? "true" : undefined}
              className="group inline-flex h-11 w-8 items-center justify-center focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span className="sr-only">{CAROUSEL_TEXTS.dot(i + 1, slide.title)}</span>
              <span
                aria-hidden="true"
                className="block h-3 w-3 rounded-full bg-brand-200 transition-all group-hover:bg-brand-500 group-aria-[current=true]:w-6 group-aria-[current=true]:bg-brand-700 motion-reduce:transition-none"
              />
            </button>
          ))}
        </div>
        <ArrowButton direction="next" controls={slidesId} />
      </div>
    </section>
  );
});

function ArrowButton({ direction, controls }: { direction: "previous" | "next"; controls: string }) {
  return (
    <button
      type="button"
      {...part(direction)}
      aria-controls={controls}
      className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <span className="sr-only">{direction === "previous" ? CAROUSEL_TEXTS.previous : CAROUSEL_TEXTS.next}</span>
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d={direction === "previous" ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6"} />
      </svg>
    </button>
  );
}
