import { useDeskAnnouncements } from "~/hooks/use-desk-announcements";
import { DESK_PAGE_TEXTS, type DeskSnapshot } from "~/shared/desk";

/** Arrivals only, never each change of place. */
export function DeskAnnouncer({ desk }: { desk: DeskSnapshot }) {
  const text = useDeskAnnouncements(desk);
  return (
    <div role="status" aria-label={DESK_PAGE_TEXTS.announcements} aria-atomic="true" className="sr-only">
      {text}
    </div>
  );
}
