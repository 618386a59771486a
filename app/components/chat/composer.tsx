import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { ProgressBar } from "~/components/ui/form-controls";
import type { ConnectionState } from "~/hooks/use-chat-socket";
import { useDraft } from "~/hooks/use-draft";
import { useObjectUrl } from "~/hooks/use-object-url";
import { COMPOSER_FORM_ATTRIBUTE, COMPOSER_LIVE_ATTRIBUTE } from "~/lib/composer-before-framework";
import { chosenFileProblem } from "~/lib/upload-image";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { COMPOSER_FIELDS, type ComposerRefusal, SEND_INTENT } from "~/shared/conversation-page";
import { CHAT_MESSAGES, MAX_MESSAGE_TEXT } from "~/shared/schemas/chat-protocol";
import { ACCEPTED_IMAGE_TYPES } from "~/shared/uploads";
import { CONVERSATION_TEXTS, plainLinkClass } from "./conversation-texts";

/** The input grows up to this (docs/requirements.md, the chat screen). */
const COMPOSER_MAX_HEIGHT_PX = 128;

const COMPOSER_COUNTER_FROM = MAX_MESSAGE_TEXT * 0.9;

/**
 * Before the socket has answered (or without scripts) nothing true can be said, so nothing is: the
 * page offers Refresh.
 */
const CONNECTION_LABELS: Record<ConnectionState, (() => string) | null> = {
  unknown: null,
  online: m.chat_connection_online,
  offline: m.chat_connection_offline,
  reconnecting: m.chat_reconnecting,
};

const CONNECTION_DOTS: Record<ConnectionState, string> = {
  unknown: "bg-slate-400",
  online: "bg-emerald-500",
  offline: "bg-red-600",
  reconnecting: "bg-amber-500",
};

/** Nothing here may be lost: the draft, the chosen picture (one chosen before the scripts ran included), the upload. */
export function useComposerState(
  userId: string,
  pairId: string,
  refusal: ComposerRefusal | null,
  /** A saved reply chosen without scripts, unless a refusal's text comes back. */
  initialText = "",
) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useDraft(userId, `chat:${pairId}`, inputRef, refusal ? refusal.typed : initialText);
  const [failure, setFailure] = useState<string | null>(refusal?.message ?? null);
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  // Enter and Send become this composer's in the same commit as the draft takes what was typed before,
  // so no key press falls between the two.
  useLayoutEffect(() => {
    inputRef.current?.form?.setAttribute(COMPOSER_LIVE_ATTRIBUTE, "");
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = "auto";
    input.style.height = `${Math.min(input.scrollHeight, COMPOSER_MAX_HEIGHT_PX)}px`;
  }, [draft]);

  /** A slower check of an earlier file must not overrule it. */
  const latestChoice = useRef<File | null>(null);
  const chooseImage = async (file: File | null) => {
    if (fileInputRef.current) fileInputRef.current.value = "";
    if (!file) return;
    latestChoice.current = file;
    const problem = await chosenFileProblem(file, "chat");
    if (latestChoice.current !== file) return;
    if (problem) return setFailure(problem);
    setFailure(null);
    setImage(file);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the scripts take over the form
  useEffect(() => {
    const chosen = fileInputRef.current?.files?.[0];
    if (chosen) void chooseImage(chosen);
  }, []);

  const sendFailed = ({ text, message }: { text: string; message: string }) => {
    setFailure(message);
    const current = draftRef.current;
    setDraft(current ? `${text}\n${current}` : text);
  };

  /** On a line of its own, with the caret at the end, ready to change before sending. */
  const insert = (text: string) => {
    const current = draftRef.current;
    const next = current.trim() === "" ? text : /\s$/.test(current) ? `${current}${text}` : `${current}\n${text}`;
    setDraft(next);
    requestAnimationFrame(() => {
      const input = inputRef.current;
      if (!input) return;
      input.focus();
      input.setSelectionRange(next.length, next.length);
    });
  };

  return {
    ...{ inputRef, fileInputRef, draft, setDraft, failure, setFailure, image, setImage, progress, setProgress },
    chooseImage,
    sendFailed,
    insert,
    tooLong: draft.length > MAX_MESSAGE_TEXT,
  };
}

export type ComposerState = ReturnType<typeof useComposerState>;

const TYPING_REPEAT_MS = 2000;
const TYPING_IDLE_MS = 3000;

export function useTypingSignal(setTyping: (typing: boolean) => void) {
  const state = useRef({ lastSent: 0, idleTimer: undefined as number | undefined, typing: false });
  useEffect(() => () => window.clearTimeout(state.current.idleTimer), []);
  const stop = () => {
    window.clearTimeout(state.current.idleTimer);
    if (state.current.typing) setTyping(false);
    state.current.typing = false;
    state.current.lastSent = 0;
  };
  const touch = () => {
    const now = Date.now();
    if (!state.current.typing || now - state.current.lastSent > TYPING_REPEAT_MS) {
      setTyping(true);
      state.current.typing = true;
      state.current.lastSent = now;
    }
    window.clearTimeout(state.current.idleTimer);
    state.current.idleTimer = window.setTimeout(stop, TYPING_IDLE_MS);
  };
  return { touch, stop };
}

/** Without the live socket, Refresh, since new messages then come with a reload. */
export function ComposerStatus({
  typingName,
  connection,
  refreshPath,
}: {
  typingName: string | null;
  connection: ConnectionState;
  refreshPath: string;
}) {
  const label = CONNECTION_LABELS[connection]?.() ?? null;
  return (
    <div className="mt-1 flex min-h-4 items-start justify-between gap-2 text-xs text-slate-600">
      <p aria-live="polite" className="min-w-0">
        {typingName ? m.chat_typing({ name: typingName }) : ""}
      </p>
      <p aria-live="polite" className="shrink-0 font-medium">
        {label ? (
          <>
            <span
              aria-hidden="true"
              className={`mr-1.5 inline-block h-2 w-2 rounded-full ${CONNECTION_DOTS[connection]}`}
            />
            {label}
          </>
        ) : null}
        {connection === "online" ? null : (
          <>
            {label ? " · " : null}
            <a href={refreshPath} className={plainLinkClass}>
              {CONVERSATION_TEXTS.refresh}
              <span className="sr-only">{CONVERSATION_TEXTS.refreshContext}</span>
            </a>
          </>
        )}
      </p>
    </div>
  );
}

export function ChosenImage({ composer }: { composer: ComposerState }) {
  const preview = useObjectUrl(composer.image);
  if (!preview) return null;
  const uploading = composer.progress !== null;
  return (
    <div className="mt-3 flex items-center gap-3 rounded-lg bg-slate-50 p-2">
      <img src={preview} alt={m.chat_chosen_image()} className="h-16 w-16 rounded object-cover" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-slate-700">{composer.image?.name}</p>
        {uploading ? <ProgressBar value={composer.progress ?? 0} label={m.chat_uploading_image()} /> : null}
      </div>
      <button
        type="button"
        onClick={() => composer.setImage(null)}
        disabled={uploading}
        className="rounded-full px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-200"
      >
        {m.chat_remove_image()}
        <span className="sr-only">{m.chat_remove_image_context()}</span>
      </button>
    </div>
  );
}

/**
 * A real form: without scripts the page's action hands the message to the room. Closed, the unsent
 * text stays in view.
 */
export function ComposerForm({
  composer,
  pairId,
  contactName,
  form,
  closed,
  hidden,
  sendEnabled,
  onSubmit,
  onTyped,
}: {
  composer: ComposerState;
  pairId: string;
  contactName: string;
  form: { path: string; token: string };
  closed: boolean;
  hidden: boolean;
  /** Until the page's scripts run, the form is the browser's: always. */
  sendEnabled: boolean;
  onSubmit: () => void;
  onTyped: () => void;
}) {
  const { draft } = composer;
  return (
    <form
      hidden={hidden}
      method="post"
      action={form.path}
      encType="multipart/form-data"
      {...{ [COMPOSER_FORM_ATTRIBUTE]: "" }}
      className="group mt-3 flex items-end gap-2 no-js:flex-wrap"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input type="hidden" name={COMPOSER_FIELDS.intent} value={SEND_INTENT} />
      <input type="hidden" name={COMPOSER_FIELDS.clientId} value={form.token} />
      <label
        hidden={closed}
        className="inline-flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-brand-600 no-js:order-last no-js:h-auto no-js:w-full no-js:flex-wrap no-js:justify-start no-js:gap-x-2 no-js:rounded-lg no-js:text-sm"
      >
        <span className="sr-only no-js:not-sr-only no-js:font-medium">{CONVERSATION_TEXTS.attach}</span>
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6 no-js:hidden"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <path d="M4 5h16v14H4z M4 15l4-4 4 4 3-3 5 5" strokeLinejoin="round" />
        </svg>
        <input
          ref={composer.fileInputRef}
          type="file"
          name={COMPOSER_FIELDS.image}
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          className="sr-only no-js:not-sr-only no-js:max-w-full no-js:min-w-0 no-js:text-slate-700"
          onChange={(event) => void composer.chooseImage(event.currentTarget.files?.[0] ?? null)}
        />
      </label>
      <label htmlFor={`composer-${pairId}`} className="sr-only">
        {CONVERSATION_TEXTS.composerLabel(contactName)}
      </label>
      <textarea
        ref={composer.inputRef}
        id={`composer-${pairId}`}
        name={COMPOSER_FIELDS.text}
        rows={1}
        value={draft}
        dir="auto"
        readOnly={closed}
        aria-invalid={composer.tooLong || undefined}
        aria-describedby={
          closed ? `closed-${pairId}` : draft.length >= COMPOSER_COUNTER_FROM ? `composer-count-${pairId}` : undefined
        }
        placeholder={CONVERSATION_TEXTS.placeholder}
        onChange={(event) => {
          composer.setDraft(event.target.value);
          onTyped();
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            onSubmit();
          }
        }}
        // Without scripts the box grows where the browser can (field-sizing).
        className="block max-h-32 min-h-11 min-w-0 flex-1 resize-none rounded-2xl border border-slate-300 px-3.5 py-2.5 text-base text-slate-900 focus:outline-2 focus:outline-brand-600 aria-invalid:border-red-600 no-js:field-sizing-content"
      />
      <button
        type="submit"
        disabled={!sendEnabled}
        className="h-11 shrink-0 rounded-full bg-brand-700 px-4 font-semibold sm:px-5 text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50 group-data-[sending]:opacity-70"
      >
        <span className="group-data-[sending]:hidden">{CONVERSATION_TEXTS.send}</span>
        <span className="hidden group-data-[sending]:inline">{CONVERSATION_TEXTS.sending}</span>
      </button>
      <span role="status" className="sr-only">
        <span className="hidden group-data-[sending]:inline">{CONVERSATION_TEXTS.sendingMessage}</span>
      </span>
    </form>
  );
}

/** Past the limit it keeps every character, so the person can shorten the text rather than lose its end. */
export function ComposerCount({ pairId, length }: { pairId: string; length: number }) {
  if (length < COMPOSER_COUNTER_FROM) return null;
  const over = length > MAX_MESSAGE_TEXT;
  return (
    <p
      id={`composer-count-${pairId}`}
      aria-live="polite"
      className={`mt-1 text-right text-xs ${over ? "text-red-700" : "text-amber-800"}`}
    >
      {over ? `${CHAT_MESSAGES.tooLong} ${m.chat_count_over({ length: count(length) })}` : null}
      {over ? null : `${count(length)} / ${count(MAX_MESSAGE_TEXT)}`}
    </p>
  );
}

const count = (n: number) => n.toLocaleString(getLocale());
