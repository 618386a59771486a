import { useEffect, useRef, useState } from "react";
import { useDeskSound } from "~/lib/desk-sound";
import { playChime } from "~/lib/incoming-message-alert";
import { DESK_ANNOUNCEMENTS, DESK_PAGE_TEXTS } from "~/shared/desk";
import { type HeldEntry, newVisitorMessages } from "~/shared/held-conversations";

/**
 * A visitor's new message in one of the listener's conversations that is not on screen: said once
 * in a polite live region and, if the listener turned the sound on, a short sound. The list as the
 * page opened, and a conversation just given to them, say nothing here.
 */
export function HeldAnnouncer({ entries, viewing }: { entries: HeldEntry[]; viewing: string | null }) {
  const [soundOn] = useDeskSound();
  const seen = useRef<Map<string, number> | null>(null);
  const [said, setSaid] = useState({ text: "", count: 0 });
  useEffect(() => {
    const before = seen.current;
    // Only what the inbox has spoken of: a conversation it has not yet described has no 'before'.
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
      {/* The same words twice in a row are still said again: the region's text must change to be read. */}
      {said.count % 2 === 0 ? said.text : `${said.text}\u00a0`}
    </div>
  );
}
