import { useEffect, useId, useRef, useState } from "react";
import { Chevron } from "~/components/chat/crisis-banner";
import { useCloseOnEscape } from "~/hooks/use-close-on-escape";
import { useHydrated } from "~/hooks/use-hydrated";
import {
  SAVED_REPLY_PARAM,
  SAVED_REPLY_TEXTS,
  type SavedReply,
  savedReplyLanguageName,
} from "~/shared/desk-operations";
import { DEFAULT_LANGUAGE, type Language } from "~/shared/languages";

/**
 * Without scripts the browser's own `<details>` lists them as links to `?reply={id}`, whose loader
 * fills the composer.
 */
export function SavedRepliesMenu({
  replies,
  language,
  pagePath,
  onInsert,
}: {
  replies: SavedReply[];
  /** Null: taken as the default. */
  language: Language | null;
  /** For the links without scripts. */
  pagePath: string;
  onInsert: (text: string) => void;
}) {
  const hydrated = useHydrated();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useCloseOnEscape(
    open,
    () => {
      setOpen(false);
      toggle.current?.focus();
    },
    panel,
  );
  // Focus moving on (Tab past the last reply) closes it too.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("focusin", closeOutside);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("focusin", closeOutside);
    };
  }, [open]);

  const list = (choice: (reply: SavedReply) => React.ReactNode) => (
    <>
      <p className="px-1 text-xs text-slate-600">{SAVED_REPLY_TEXTS.editable}</p>
      {replies.length === 0 ? (
        <p className="mt-2 px-1 text-sm text-slate-700">{SAVED_REPLY_TEXTS.none}</p>
      ) : (
        <ul className="mt-1.5 space-y-1">
          {replies.map((reply) => (
            <li key={reply.id}>{choice(reply)}</li>
          ))}
        </ul>
      )}
    </>
  );
  const conversationLanguage = language ?? DEFAULT_LANGUAGE;
  /** The name holds the title and the language, so what is seen is what is said. */
  const label = (reply: SavedReply) => {
    const other = reply.language === conversationLanguage ? null : savedReplyLanguageName(reply.language);
    return (
      <>
        <span className="sr-only">{SAVED_REPLY_TEXTS.insert(reply.title, other ?? undefined)}</span>
        <span aria-hidden="true" className="flex flex-wrap items-baseline gap-x-2">
          <span lang={reply.language} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {reply.title}
          </span>
          {other ? (
            <span className="rounded-full bg-slate-100 px-2 text-xs font-medium text-slate-700">{other}</span>
          ) : null}
        </span>
        <span
          aria-hidden="true"
          lang={reply.language}
          className="line-clamp-2 block text-xs text-slate-600 [overflow-wrap:anywhere]"
        >
          {reply.text}
        </span>
      </>
    );
  };

  if (!hydrated) {
    return (
      <details className="group relative mt-2">
        <summary className={`${toggleClass} list-none [&::-webkit-details-marker]:hidden`}>
          {SAVED_REPLY_TEXTS.open}
          <Chevron className="group-open:rotate-180" />
        </summary>
        <div className={panelClass}>
          {list((reply) => (
            <a href={`${pagePath}?${SAVED_REPLY_PARAM}=${reply.id}`} className={choiceClass}>
              {label(reply)}
            </a>
          ))}
        </div>
      </details>
    );
  }
  return (
    <div ref={wrapper} className="relative mt-2">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className={toggleClass}
      >
        {SAVED_REPLY_TEXTS.open}
        <Chevron className={open ? "rotate-180" : ""} />
      </button>
      {open ? (
        <div ref={panel} id={panelId} className={panelClass}>
          {list((reply) => (
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onInsert(reply.text);
              }}
              className={`${choiceClass} w-full text-left`}
            >
              {label(reply)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

const toggleClass =
  "inline-flex min-h-8 cursor-pointer items-center gap-1 rounded-full px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
/** Over the newest messages; it scrolls when long. */
const panelClass =
  "absolute bottom-full left-0 z-10 mb-1 max-h-[min(20rem,50vh)] w-full overflow-y-auto rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200";
const choiceClass =
  "block min-h-11 rounded-lg px-2 py-1.5 text-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700";
