import { useHydrated } from "~/hooks/use-hydrated";
import { usePageLanguage } from "~/lib/page-language";
import { formatMessageTime } from "~/lib/time-format";
import { DEFAULT_LANGUAGE, type Language } from "~/shared/languages";

/** The server cannot know the reader's zone or locale, and hydration must repeat its words. */
const SERVER_TIME_ZONE = "UTC";
const serverLocale = (language: Language) => (language === DEFAULT_LANGUAGE ? "en-US" : language);
/** Its own date order for an English page. */
const browserLocale = (language: Language) => (language === DEFAULT_LANGUAGE ? undefined : language);

/** Says it in UTC, and says so, until hydrated; then the reader's own zone and locale. */
export function LocalTime({ timestamp, prefix = "" }: { timestamp: number; prefix?: string }) {
  const hydrated = useHydrated();
  const language = usePageLanguage();
  const text = hydrated
    ? formatMessageTime(timestamp, Date.now(), browserLocale(language))
    : // Without scripts these words stay: a time of day says it is UTC, not the reader's own.
      formatMessageTime(timestamp, Date.now(), serverLocale(language), SERVER_TIME_ZONE, { zoneName: true });
  return (
    // A render straddling midnight differs by the day: the render after hydration corrects it.
    <time dateTime={new Date(timestamp).toISOString()} suppressHydrationWarning>
      {`${prefix}${text}`}
    </time>
  );
}
