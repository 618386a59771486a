import { useId } from "react";
import { useLocation } from "react-router";
import { usePageLanguage } from "~/lib/page-language";
import { m } from "~/paraglide/messages";
import { LANGUAGE_SWITCH, LANGUAGES } from "~/shared/languages";

/** Each language named in its own words (and marked so); a real form, so it works without scripts. */
export function LanguageSwitch({ back, tone = "dark" }: { back?: string; tone?: "dark" | "light" }) {
  const id = useId();
  const { pathname, search } = useLocation();
  const current = usePageLanguage();
  const button =
    tone === "dark"
      ? "rounded-full px-3 py-1.5 text-slate-200 underline-offset-2 ring-1 ring-slate-600 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white"
      : "rounded-full px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700";
  return (
    <form
      method="post"
      action={LANGUAGE_SWITCH.path}
      aria-labelledby={id}
      className="flex flex-wrap items-center gap-2"
    >
      <span id={id} className="sr-only">
        {m.language_switch_label()}
      </span>
      <input type="hidden" name={LANGUAGE_SWITCH.backField} value={back ?? `${pathname}${search}`} />
      {LANGUAGES.filter((language) => language !== current).map((language) => (
        <button
          key={language}
          type="submit"
          name={LANGUAGE_SWITCH.field}
          value={language}
          lang={language}
          className={button}
        >
          {m.language_name({}, { locale: language })}
        </button>
      ))}
    </form>
  );
}
