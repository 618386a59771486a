import { useEffect, useRef, useState } from "react";
import { useDeskSound } from "~/lib/desk-sound";
import { playChime } from "~/lib/incoming-message-alert";
import { DESK_ANNOUNCEMENTS, DESK_PAGE_TEXTS } from "~/shared/desk";
import { type HeldEntry, newVisitorMessages } from "~/shared/held-conversations";

/** The list as the page opened, and a conversation just given to them, say nothing. */
export function HeldAnnouncer({ entries, viewing }: { entries: HeldEntry[]; viewing: string | null }) {
  const [soundOn] = useDeskSound();
  const seen = useRef<Map<string, number> | null>(null);
  const [said, setSaid] = useState({ text: "", count: 0 });
  useEffect(() => {
    const before = seen.current;
    // A conversation the inbox has not yet described has no 'before'.
    seen.current = new Map(
      entries.flatMap((entry) => (entry.preview === null ? [] : [[entry.pairId, entry.visitorSeq] as const])),
    );
    if (!before) return;
    const fresh = newVisitorMessages(entries, before, viewing);
    if (fresh.length === 0) return;
    const text = fresh.map((entry) => DESK_ANNOUNCEMENTS.newMessage(entry.visitorName)).join(" ");
    setSaid((current) => ({ text, count: current.count + 1 }));
    if (soundOn) playChime();
  }, [entries, viewing, soundOn]);
  return (
    <div role="status" aria-label={DESK_PAGE_TEXTS.messageAnnouncements} aria-atomic="true" className="sr-only">
      {/* The region's text must change to be read again. */}
      {said.count % 2 === 0 ? said.text : `${said.text}\u00a0`}
    </div>
  );
}
