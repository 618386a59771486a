import { type VisitorDeskStatus, visitorDeskLine } from "~/shared/desk";
import { CrisisNumberList } from "./crisis-banner";

/**
 * Where the visitor stands in the support conversation (issue 25), above the composer: their place
 * in line, that a listener joined, or that nobody is available. Never a silent room. While they
 * wait, or when nobody is there at all, the crisis numbers sit beside the line, one tap each.
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
    <div
      className={
        line
          ? "mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-sky-50 px-3 py-1.5 text-sky-950 ring-1 ring-sky-200"
          : ""
      }
    >
      <p role="status" className={line ? "min-w-0 text-[13px] leading-snug" : "sr-only"}>
        {line ?? ""}
      </p>
      {showNumbers ? <CrisisNumberList label={DESK_STATUS_TEXTS.numbers} /> : null}
    </div>
  );
}

const DESK_STATUS_TEXTS = { numbers: "Crisis numbers" } as const;
