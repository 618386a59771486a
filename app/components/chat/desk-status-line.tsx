import { type VisitorDeskStatus, visitorDeskLine } from "~/shared/desk";
import { CrisisNumberList } from "./crisis-banner";

/**
 * Where the visitor stands in the support conversation (issue 25), at the end of the messages, just
 * above the composer: their place in line, that a listener joined, or that nobody is available.
 * Never a silent room. While they wait, or when nobody is there at all, the crisis numbers sit
 * beside the line, one tap each. Being the list's last item, it scrolls with the messages rather
 * than taking their room, so a long line on a 320 px phone never squeezes them or the composer.
 *
 * The status region is always in the page, so a screen reader hears the line when it appears and
 * when it changes. A transfer keeps the same words ('A listener has joined.'), so nothing new is
 * written into the region and nothing is announced again: helplines transfer quietly.
 */
export function DeskStatusLine({ status }: { status: VisitorDeskStatus | null }) {
  const line = visitorDeskLine(status);
  // With a listener there, the numbers would only crowd the conversation; they stay in the footer.
  const showNumbers = line !== null && status?.state !== "assigned";
  return (
    <div className={line ? "mt-3 rounded-xl bg-sky-50 px-3 py-2 text-sky-950 ring-1 ring-sky-200" : ""}>
      <p role="status" className={line ? "text-[13px] leading-snug" : "sr-only"}>
        {line ?? ""}
      </p>
      {showNumbers ? (
        // Not read out as they appear (the list around is a live log): the line above says why they are here.
        <div aria-live="off" className="mt-1.5">
          <CrisisNumberList label={DESK_STATUS_TEXTS.numbers} />
        </div>
      ) : null}
    </div>
  );
}

const DESK_STATUS_TEXTS = { numbers: "Crisis numbers" } as const;
