import { useHydrated } from "~/hooks/use-hydrated";
import { useDeskSound } from "~/lib/desk-sound";
import { playChime } from "~/lib/incoming-message-alert";
import { DESK_PAGE_TEXTS } from "~/shared/desk";

/** Turning it on plays it once, which is also the gesture a browser asks before a page may play sound. */
export function SoundSwitch() {
  const hydrated = useHydrated();
  const [on, setOn] = useDeskSound();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => {
        setOn(!on);
        if (!on) playChime();
      }}
      className="inline-flex min-h-9 items-center rounded-full bg-slate-100 px-3.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:ring-brand-300"
    >
      <span
        aria-hidden="true"
        className={`mr-1.5 inline-block h-2 w-2 rounded-full ${on ? "bg-emerald-500" : "bg-slate-400"}`}
      />
      {DESK_PAGE_TEXTS.sound}
    </button>
  );
}
