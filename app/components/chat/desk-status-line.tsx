import { useId, useState } from "react";
import { LocalTime } from "~/components/ui/local-time";
import { useHydrated } from "~/hooks/use-hydrated";
import { useCrisisHelp } from "~/lib/crisis-help";
import { m } from "~/paraglide/messages";
import {
  type DeskEvent,
  deskEventText,
  type VisitorDeskStatus,
  visitorDeskHeadline,
  visitorDeskLine,
} from "~/shared/desk";
import { Chevron, CrisisNumberList } from "./crisis-banner";

const DESK_STATUS_TEXTS = {
  get showNumbers() {
    return m.desk_crisis_numbers();
  },
};

/**
 * Never a silent room. The list's last item, so it scrolls with the messages and never squeezes them
 * on a 320 px phone. The status region is always in the page, so a screen reader hears each change.
 */
export function DeskStatusLine({
  status,
  crisisBannerShown,
}: {
  status: VisitorDeskStatus | null;
  /** One list, never the same numbers twice. */
  crisisBannerShown: boolean;
}) {
  const numbersId = useId();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const line = visitorDeskLine(status, crisisBannerShown, useCrisisHelp());
  // With a listener there, the numbers would only crowd the conversation; they stay in the footer.
  const offerNumbers = line !== null && !crisisBannerShown;
  if (offerNumbers && !hydrated) {
    // The browser's own disclosure opens the numbers, with or without scripts.
    return (
      <div className="mx-px mt-3 rounded-xl bg-sky-50 px-2.5 py-1.5 text-xs text-sky-950 ring-1 ring-sky-200">
        <p className="leading-snug">
          <span role="status">{line}</span>
        </p>
        <details className="group">
          <summary className="inline-flex min-h-6 cursor-pointer list-none items-center gap-1 rounded font-semibold text-sky-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-sky-800 [&::-webkit-details-marker]:hidden">
            {DESK_STATUS_TEXTS.showNumbers}
            <Chevron className="group-open:rotate-180" />
          </summary>
          <div aria-live="off" className="mt-1.5">
            <CrisisNumberList label={DESK_STATUS_TEXTS.showNumbers} />
          </div>
        </details>
      </div>
    );
  }
  return (
    <div
      className={line ? "mx-px mt-3 rounded-xl bg-sky-50 px-2.5 py-1.5 text-xs text-sky-950 ring-1 ring-sky-200" : ""}
    >
      <p className={line ? "leading-snug" : "sr-only"}>
        <span role="status">{line ?? ""}</span>
        {offerNumbers ? (
          <>
            {" "}
            <button
              type="button"
              aria-expanded={open}
              aria-controls={numbersId}
              onClick={() => setOpen((current) => !current)}
              className="group inline-flex min-h-6 items-center gap-1 rounded align-middle font-semibold text-sky-800 underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-sky-800"
            >
              {DESK_STATUS_TEXTS.showNumbers}
              <Chevron className={open ? "rotate-180" : ""} />
            </button>
          </>
        ) : null}
      </p>
      {offerNumbers && open ? (
        // Not read out as they appear (the list around is a live log): the button says what they are.
        <div id={numbersId} aria-live="off" className="mt-1.5">
          <CrisisNumberList label={DESK_STATUS_TEXTS.showNumbers} />
        </div>
      ) : null}
    </div>
  );
}

/** A desk is not a person who was 'last seen'. */
export function DeskHeadline({ status }: { status: VisitorDeskStatus | null }) {
  const headline = visitorDeskHeadline(status);
  if (!headline) return null;
  const present = status?.state === "assigned" && status.opened;
  return (
    <p className="min-w-0 text-xs text-slate-600">
      <span
        aria-hidden="true"
        className={`mr-1.5 inline-block h-2 w-2 rounded-full ${present ? "bg-emerald-500" : "bg-slate-400"}`}
      />
      {headline}
    </p>
  );
}

export function DeskEventRow({ event }: { event: DeskEvent }) {
  return (
    <li className="flex justify-center py-1">
      <p className="max-w-[90%] rounded-full bg-sky-50 px-3 py-1 text-center text-xs text-sky-950 ring-1 ring-sky-200 [overflow-wrap:anywhere]">
        {deskEventText(event)}{" "}
        <span className="text-sky-800">
          &middot; <LocalTime timestamp={event.at} />
        </span>
      </p>
    </li>
  );
}
