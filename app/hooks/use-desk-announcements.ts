import { useEffect, useRef, useState } from "react";
import { DESK_ANNOUNCEMENTS, type DeskSnapshot } from "~/shared/desk";

type Seen = { waiting: Set<string>; waitingCount: number; mine: Set<string> };

/** Arrivals only, so a busy desk is not read out change by change. */
export function useDeskAnnouncements(desk: DeskSnapshot): string {
  const seen = useRef<Seen | null>(null);
  const [said, setSaid] = useState({ text: "", count: 0 });
  useEffect(() => {
    const before = seen.current;
    seen.current = {
      waiting: new Set(desk.waiting.map((conversation) => conversation.pairId)),
      waitingCount: desk.waitingCount,
      mine: new Set(desk.mine.map((conversation) => conversation.pairId)),
    };
    if (!before) return;
    const parts = desk.mine
      .filter((conversation) => !before.mine.has(conversation.pairId))
      .map((conversation) => DESK_ANNOUNCEMENTS.assigned(conversation.visitorName));
    const arrived =
      desk.waitingCount > before.waitingCount ||
      desk.waiting.some(
        (conversation) => !before.waiting.has(conversation.pairId) && !before.mine.has(conversation.pairId),
      );
    if (arrived && desk.waitingCount > 0) parts.push(DESK_ANNOUNCEMENTS.waiting(desk.waitingCount));
    if (parts.length > 0) setSaid((current) => ({ text: parts.join(" "), count: current.count + 1 }));
  }, [desk]);
  // The region's text must change to be read again.
  return said.count % 2 === 0 ? said.text : `${said.text}\u00a0`;
}
