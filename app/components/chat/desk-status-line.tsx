import { useId, useState } from "react";
import { type VisitorDeskStatus, visitorDeskLine } from "~/shared/desk";
import { CrisisNumberList } from "./crisis-banner";

const DESK_STATUS_TEXTS = {
  /** The disclosure beside the line while the visitor waits: one tap shows every number. */
  showNumbers: "Crisis numbers",
} as const;

/**
 * Where the visitor stands in the support conversation (issue 25), at the end of the messages, just
 * above the composer: their place in line, that a listener joined, or that nobody is available.
 * Never a silent room. While they wait, or when nobody is there at all, the crisis numbers are one
 * tap away beside the line, in the crisis banner's compact way: a disclosure that shows them all.
 * Being the list's last item, it scrolls with the messages rather than taking their room, so a long
 * line on a 320 px phone never squeezes them or pushes the composer away.
 *
 * The status region is always in the page, so a screen reader hears the line when it appears and
 * when it changes. A transfer keeps the same words ('A listener has joined.'), so nothing new is
 * written into the region and nothing is announced again: helplines transfer quietly.
 */
export function DeskStatusLine({ status }: { status: VisitorDeskStatus | null }) {
  const numbersId = useId();
  const [open, setOpen] = useState(false);
  const line = visitorDeskLine(status);
  // With a listener there, the numbers would only crowd the conversation; they stay in the footer.
  const offerNumbers = line !== null && status?.state !== "assigned";
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
              <svg
                viewBox="0 0 20 20"
                aria-hidden="true"
                className={`h-3.5 w-3.5 shrink-0 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
                fill="currentColor"
              >
                <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
              </svg>
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
