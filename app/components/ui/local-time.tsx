import { useHydrated } from "~/hooks/use-hydrated";
import { usePageLanguage } from "~/lib/page-language";
import { formatMessageTime } from "~/lib/time-format";
import { DEFAULT_LANGUAGE, type Language } from "~/shared/languages";

/**
 * How the server writes times: it cannot know the reader's zone, so it uses UTC, and in English it
 * cannot know their locale either, so it uses en-US; the browser's first render (hydration) uses
 * the same, so the two match.
 */
const SERVER_TIME_ZONE = "UTC";
const serverLocale = (language: Language) => (language === DEFAULT_LANGUAGE ? "en-US" : language);
/** The browser's own locale for an English page (its own date order); the page's language otherwise. */
const browserLocale = (language: Language) => (language === DEFAULT_LANGUAGE ? undefined : language);

/**
 * A message-style time (spec section 9) that reads right with and without scripts: the server's
 * HTML says it in UTC, and says so (what a page without scripts keeps); the browser, once
 * hydrated, says it in the reader's own zone and locale. The first render in the browser repeats
 * the server's words, so hydration never mismatches; the one after replaces them.
 */
export function LocalTime({ timestamp, prefix = "" }: { timestamp: number; prefix?: string }) {
  const hydrated = useHydrated();
  const language = usePageLanguage();
  const text = hydrated
    ? formatMessageTime(timestamp, Date.now(), browserLocale(language))
    : // Without scripts these words stay: a time of day says it is UTC, not the reader's own.
      formatMessageTime(timestamp, Date.now(), serverLocale(language), SERVER_TIME_ZONE, { zoneName: true });
  return (
    // A render that straddles midnight between the server and the browser differs by the day: the
    // render after hydration corrects it.
    <time dateTime={new Date(timestamp).toISOString()} suppressHydrationWarning>
      {`${prefix}${text}`}
    </time>
  );
}
