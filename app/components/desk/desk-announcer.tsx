import { useDeskAnnouncements } from "~/hooks/use-desk-announcements";
import { DESK_PAGE_TEXTS, type DeskSnapshot } from "~/shared/desk";

/**
 * The desk's polite live region, on every desk page: arrivals (someone new waiting, a conversation
 * assigned to this listener) said to screen readers, never each change of place.
 */
export function DeskAnnouncer({ desk }: { desk: DeskSnapshot }) {
  const text = useDeskAnnouncements(desk);
  return (
    <div role="status" aria-label={DESK_PAGE_TEXTS.announcements} aria-atomic="true" className="sr-only">
      {text}
    </div>
  );
}
