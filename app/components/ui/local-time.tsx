import { useHydrated } from "~/hooks/use-hydrated";
import { formatMessageTime } from "~/lib/time-format";

/**
 * How the server writes times: it cannot know the reader's zone or locale, so it uses fixed ones,
 * and the browser's first render (hydration) uses the same, so the two match.
 */
const SERVER_LOCALE = "en-US";
const SERVER_TIME_ZONE = "UTC";

/**
 * A message-style time (spec section 9) that reads right with and without scripts: the server's
 * HTML says it in UTC, and says so (what a page without scripts keeps); the browser, once
 * hydrated, says it in the reader's own zone and locale. The first render in the browser repeats
 * the server's words, so hydration never mismatches; the one after replaces them.
 */
export function LocalTime({ timestamp, prefix = "" }: { timestamp: number; prefix?: string }) {
  const hydrated = useHydrated();
  const text = hydrated
    ? formatMessageTime(timestamp)
    : // Without scripts these words stay: a time of day says it is UTC, not the reader's own.
      formatMessageTime(timestamp, Date.now(), SERVER_LOCALE, SERVER_TIME_ZONE, { zoneName: true });
  return (
    // A render that straddles midnight between the server and the browser differs by the day: the
    // render after hydration corrects it.
    <time dateTime={new Date(timestamp).toISOString()} suppressHydrationWarning>
      {`${prefix}${text}`}
    </time>
  );
}
