import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { BlockedNotice, focusTargetClass } from "~/components/safety/block-controls";
import { Alert, ProgressBar } from "~/components/ui/form-controls";
import { LocalTime } from "~/components/ui/local-time";
import { type ConnectionState, type MessageStatus, useChatSocket } from "~/hooks/use-chat-socket";
import { useDraft } from "~/hooks/use-draft";
import { useFocusWhenLost } from "~/hooks/use-focus-when-lost";
import { useHydrated } from "~/hooks/use-hydrated";
import { useObjectUrl } from "~/hooks/use-object-url";
import { useStickToNewest } from "~/hooks/use-stick-to-newest";
import { withDeskEvents } from "~/lib/desk-timeline";
import { usePublicConfig } from "~/lib/public-config";
import { chosenFileProblem, UploadError, uploadImage } from "~/lib/upload-image";
import {
  COMPOSER_FIELDS,
  type ComposerRefusal,
  type ConversationView,
  EARLIER_PARAM,
  SEND_INTENT,
} from "~/shared/conversation-page";
import { containsCrisisPhrase } from "~/shared/crisis-phrases";
import { chatWith, userProfilePath } from "~/shared/routes";
import { REPORT_TEXTS } from "~/shared/safety";
import { CHAT_MESSAGES, MAX_MESSAGE_TEXT, type Presence, SESSION_LIMIT_TEXT } from "~/shared/schemas/chat-protocol";
import { ACCEPTED_IMAGE_TYPES, UPLOAD_MESSAGES } from "~/shared/uploads";
import { ImageThumbnail, ImageViewer, type ViewedImage } from "./chat-image";
import { CrisisBanner, useCrisisBanner } from "./crisis-banner";
import { DeskEventRow, DeskHeadline, DeskStatusLine } from "./desk-status-line";

/** The spec's conversation texts (section 2, Chat screen). */
export const CONVERSATION_TEXTS = {
  sessionNotice: SESSION_LIMIT_TEXT,
  noMessages: "No messages yet",
  sayHello: "Start the conversation by saying hello!",
  /** Without the live socket (no scripts), new messages show when the page is loaded again. */
  refresh: "Refresh",
  refreshContext: " to see new messages",
  earlier: "Show earlier messages",
  attach: "Attach an image",
  /** Short enough for one line in a 320 px composer. */
  placeholder: "Message…",
  /** An image message's alt text: who sent it, since the picture itself is not described. */
  imageYouSent: "Image you sent",
  imageFrom: (username: string) => `Image from ${username}`,
} as const;

/** The message input grows with its text up to this height (spec section 9). */
const COMPOSER_MAX_HEIGHT_PX = 128;

const STATUS_LABELS: Record<MessageStatus, string> = {
  sending: "Sending…",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
};

/**
 * This device's own connection, kept apart from the contact's presence. Before the socket has
 * answered (and without scripts, where there is none) nothing true can be said about it, so nothing
 * is: the page offers Refresh instead.
 */
const CONNECTION_LABELS: Record<ConnectionState, string | null> = {
  unknown: null,
  online: "Connection: Online",
  offline: "Connection: Offline",
  reconnecting: "Reconnecting…",
};

/** From here the composer counts the characters against the limit (90 percent of it). */
const COMPOSER_COUNTER_FROM = MAX_MESSAGE_TEXT * 0.9;

type Contact = { id: string; username: string };
/** Whether a block closes the conversation, as the page's loader last said (who blocked whom). */
type ConversationBlock = "none" | "blocked-by-me" | "blocked-me";

/** One conversation: live messages over the room's socket and a composer that never loses text. */
export function Conversation({
  me,
  contact,
  pairId,
  presence,
  headerActions,
  onReport,
  block = "none",
  socketPath,
  lockedNotice,
  withdrawnNotice,
  initial,
  form,
  refusal = null,
  profileLink = true,
}: {
  /** Whose messages show as mine: on the support desk, the support account the listener writes as. */
  me: { id: string };
  contact: Contact;
  pairId: string;
  presence: Presence | null;
  /** Controls beside the contact's name (the menu with Report and Block). */
  headerActions?: ReactNode;
  /** 'Report' on a received message. */
  onReport?: (seq: number) => void;
  /** A block closes it: the history stays readable and the unsent text stays. */
  block?: ConversationBlock;
  /** The room's socket path when it is not the member's own: the support desk's. */
  socketPath?: string;
  /**
   * Why nothing can be sent yet (a conversation waiting on the desk until a listener takes it): the
   * history stays live and the composer read-only, keeping what was typed.
   */
  lockedNotice?: ReactNode;
  /** Shown when the room withdraws the conversation from this socket (transferred away, resolved). */
  withdrawnNotice?: ReactNode;
  /** The conversation as the server rendered it: shown at once, then live. */
  initial: ConversationView;
  /**
   * The composer as a form: the page it posts to (and reloads, to Refresh) and the token
   * that makes a second post of it store nothing more. With scripts it sends over the socket.
   */
  form: { path: string; token: string };
  /** The form's post refused (without scripts): why, with what was typed back in the composer. */
  refusal?: ComposerRefusal | null;
  /**
   * Whether the contact's name links to their profile. Not on the desk: from there a listener must
   * never end up acting as their own account towards a visitor.
   */
  profileLink?: boolean;
}) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // What was typed before the scripts ran goes into the draft.
  const [draft, setDraft] = useDraft(me.id, `chat:${pairId}`, inputRef, refusal?.typed);
  const [failure, setFailure] = useState<string | null>(refusal?.message ?? null);
  const hydrated = useHydrated();
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [viewing, setViewing] = useState<ViewedImage | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const {
    messages,
    connection,
    contactPresence,
    loaded,
    send,
    markRead,
    setTyping,
    otherTyping,
    sessionNotice,
    closed: closedLive,
    deskStatus,
    withdrawn,
    lastSeq,
  } = useChatSocket({
    pairId,
    userId: me.id,
    socketPath,
    initialPresence: presence,
    initialClosed: block !== "none",
    initial,
    onSendFailed: ({ text, message }) => {
      setFailure(message);
      // The failed text goes back to the composer, before anything typed since.
      const current = draftRef.current;
      setDraft(current ? `${text}\n${current}` : text);
    },
  });
  const listRef = useRef<HTMLDivElement>(null);
  const closedByBlock = useClosedByBlock(block, closedLive);
  // Besides a block, the desk can close the composer: not taken yet, or no longer this listener's.
  const closedNotice = closedByBlock ? null : withdrawn && withdrawnNotice ? withdrawnNotice : lockedNotice;
  const closed = closedByBlock || !!closedNotice;
  // A send refused while closed is explained by the notice; once open again it is old news.
  useEffect(() => {
    if (!closed) setFailure(null);
  }, [closed]);
  // The room says a block closed (or reopened) the conversation: the page asks its loader again, for
  // who blocked whom and the contact's presence.
  const { revalidate } = useRevalidator();
  const closedLiveBefore = useRef(closedLive);
  useEffect(() => {
    if (closedLiveBefore.current === closedLive) return;
    closedLiveBefore.current = closedLive;
    revalidate();
  }, [closedLive, revalidate]);
  // A block or unblock removes the control that had focus: focus goes to what says what happened,
  // or back to the composer once the conversation is open again.
  const closedNoticeRef = useRef<HTMLDivElement>(null);
  useFocusWhenLost(closedNoticeRef, `${closed}:${block}`);
  useFocusWhenLost(inputRef, `${closed}:${block}`);

  // The newest message in view, and kept there while the list changes size (a picture loading, the
  // crisis help opening).
  const showNewest = useStickToNewest(listRef);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the list grows
  useEffect(() => {
    showNewest();
  }, [messages.length]);

  // Messages arriving while the conversation is visible are read (spec: unread is cleared whenever
  // messages arrive in the open conversation); a hidden tab reads them when it is shown again.
  useEffect(() => {
    // Once the socket is open too: the messages the server rendered were there before it was.
    const readIfVisible = () => {
      if (lastSeq > 0 && connection === "online" && document.visibilityState === "visible") markRead(lastSeq);
    };
    readIfVisible();
    document.addEventListener("visibilitychange", readIfVisible);
    window.addEventListener("focus", readIfVisible);
    return () => {
      document.removeEventListener("visibilitychange", readIfVisible);
      window.removeEventListener("focus", readIfVisible);
    };
  }, [lastSeq, markRead, connection]);

  // The input grows with its text, up to 128 px.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = "auto";
    input.style.height = `${Math.min(input.scrollHeight, COMPOSER_MAX_HEIGHT_PX)}px`;
  }, [draft]);

  const imagePreview = useObjectUrl(image);

  /** The latest choice: a slower check of an earlier file must not overrule it. */
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

  // A picture chosen before the page's scripts ran is still in the file field: it goes with the
  // message, as typed text does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the scripts take over the form
  useEffect(() => {
    const chosen = fileInputRef.current?.files?.[0];
    if (chosen) void chooseImage(chosen);
  }, []);

  const typing = useTypingSignal(setTyping);
  const uploading = progress !== null;
  const tooLong = draft.length > MAX_MESSAGE_TEXT;
  const canSend = (draft.trim().length > 0 || image !== null) && !uploading && !tooLong && !closed;
  const submit = async () => {
    if (!canSend) return;
    setFailure(null);
    let imageUrl: string | null = null;
    if (image) {
      try {
        setProgress(0);
        imageUrl = (await uploadImage(image, { purpose: "chat", pairId, onProgress: setProgress })).url;
      } catch (error) {
        // Text and image stay in the composer to try again.
        setFailure(error instanceof UploadError ? error.message : UPLOAD_MESSAGES.networkError);
        return;
      } finally {
        setProgress(null);
      }
    }
    send(draft, imageUrl);
    typing.stop();
    setDraft("");
    setImage(null);
  };

  // Crisis help (issue: crisis help in the conversation), decided here in the browser only.
  const { supportUserId } = usePublicConfig();
  const crisisInMessages = useMemo(
    () => ({
      mine: messages.some((message) => message.senderId === me.id && containsCrisisPhrase(message.text)),
      theirs: messages.some((message) => message.senderId !== me.id && containsCrisisPhrase(message.text)),
    }),
    [messages, me.id],
  );
  const crisisBanner = useCrisisBanner({
    pairId,
    matchedMine: crisisInMessages.mine || containsCrisisPhrase(draft),
    matchedTheirs: crisisInMessages.theirs,
  });
  const supportPath = supportUserId === me.id || supportUserId === contact.id ? null : chatWith(supportUserId);
  // The desk speaks only in the visitor's support conversation.
  const isSupportConversation = contact.id === supportUserId && me.id !== supportUserId;
  // Older messages than the page shows: a plain link to them, until the live socket has them all.
  const firstShown = initial.messages[0]?.seq;
  const earlierPath =
    initial.hasOlder && firstShown && connection !== "online" ? `${form.path}?${EARLIER_PARAM}=${firstShown}` : null;
  // The desk's events (a listener joined, the conversation ended) where they happened, for the visitor.
  const timeline = useMemo(
    () =>
      withDeskEvents(
        messages,
        isSupportConversation ? (deskStatus?.events ?? []) : [],
        initial.hasOlder ? (messages[0]?.timestamp ?? null) : null,
      ),
    [messages, isSupportConversation, deskStatus, initial.hasOlder],
  );

  return (
    <div className="flex h-[min(70vh,40rem)] flex-col">
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 pb-3">
        {/* The contact's name and their presence, in words, on one row, the presence below a name too
            long to share it; this device's own connection is by the composer, where it cannot be read
            as theirs. */}
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
          <h2 className="min-w-0 truncate text-lg font-semibold text-slate-900">
            {profileLink ? (
              <Link
                to={userProfilePath(contact.id)}
                className="underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span className="sr-only">View the profile of </span>
                {contact.username}
              </Link>
            ) : (
              contact.username
            )}
          </h2>
          {/* The support account is a desk, not a person: its header says whether a listener is there.
              A closed conversation shows no presence, either way
              (docs/decisions/091-the-blocked-person-is-told-neutrally.md). */}
          {isSupportConversation ? (
            <DeskHeadline status={deskStatus} />
          ) : (
            <ContactPresence username={contact.username} presence={closedByBlock ? null : contactPresence} />
          )}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-2">{headerActions}</div>
      </div>
      <div
        ref={listRef}
        role="log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long conversation scrolls, and the keyboard must reach it to scroll it (WCAG 2.1.1)
        tabIndex={0}
        aria-label={`Messages with ${contact.username}`}
        aria-live="polite"
        // Without scripts nothing scrolls the list to its newest message, so a reversed flex column
        // opens it there; with scripts the page keeps it there itself (useStickToNewest), and the
        // browser's own scroll anchoring, which moves the list when its height changes, is off.
        className="mt-3 flex-1 overflow-y-auto pr-1 [overflow-anchor:none] no-js:flex no-js:flex-col-reverse"
      >
        <div>
          {/* At the start of the conversation, scrolling away with it: on a small phone the messages
              need the room more than a notice read once. */}
          <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-950 ring-1 ring-amber-200">
            {CONVERSATION_TEXTS.sessionNotice}
          </p>
          {earlierPath ? (
            <p className="mb-2 text-center">
              <a href={earlierPath} className={plainLinkClass}>
                {CONVERSATION_TEXTS.earlier}
              </a>
            </p>
          ) : null}
          {loaded && messages.length === 0 ? (
            <div className="py-10 text-center">
              <p className="font-medium text-slate-800">{CONVERSATION_TEXTS.noMessages}</p>
              <p className="text-sm text-slate-600">{CONVERSATION_TEXTS.sayHello}</p>
            </div>
          ) : null}
          <ol className="space-y-2">
            {timeline.map(({ message, event }) => {
              if (event) return <DeskEventRow key={`desk-${event.kind}-${event.at}`} event={event} />;
              const mine = message.senderId === me.id;
              return (
                <li key={message.clientId} className={`flex ${mine ? "justify-end" : "justify-start"}`}>
                  <div
                    className={`min-w-0 max-w-[80%] rounded-2xl px-3.5 py-2 ${mine ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900"}`}
                  >
                    <span className="sr-only">{mine ? "You" : contact.username}: </span>
                    {message.imageUrl ? (
                      <ImageThumbnail
                        src={message.imageUrl}
                        alt={mine ? CONVERSATION_TEXTS.imageYouSent : CONVERSATION_TEXTS.imageFrom(contact.username)}
                        onOpen={setViewing}
                      />
                    ) : null}
                    {/* Plain text, never HTML: React escapes it. */}
                    {/* Any unbroken word or URL wraps inside the bubble; each message takes its own direction. */}
                    {message.text ? (
                      <p dir="auto" className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                        {message.text}
                      </p>
                    ) : null}
                    <p className={`mt-1 text-right text-[11px] ${mine ? "text-brand-100" : "text-slate-600"}`}>
                      <LocalTime timestamp={message.timestamp} />
                      {mine ? ` · ${STATUS_LABELS[message.status]}` : ""}
                    </p>
                    {!mine && onReport ? (
                      // At least 24 × 24 px with readable text (WCAG 2.2, 2.5.8). Its dialog
                      // needs scripts: a browser without them does not show it (the person's profile,
                      // linked above, takes a report without them).
                      <button
                        type="button"
                        onClick={() => onReport(message.seq)}
                        className="no-js:hidden -mx-1 mt-0.5 -mb-1 inline-flex min-h-6 min-w-6 items-center rounded px-1 text-xs font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
                      >
                        {REPORT_TEXTS.messageButton}
                        <span className="sr-only"> this message from {contact.username}</span>
                      </button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
          {sessionNotice ? (
            <p
              role="status"
              className="mx-auto mt-3 max-w-md rounded-lg bg-amber-50 px-3 py-2 text-center text-xs text-amber-950"
            >
              {sessionNotice}
            </p>
          ) : null}
          {/* Last in the list, so it never takes the messages' room on a small phone. */}
          {isSupportConversation ? (
            <DeskStatusLine status={deskStatus} crisisBannerShown={crisisBanner.audience !== null} />
          ) : null}
        </div>
      </div>
      {/* Closed by a block, the notice below says why a send came back; a text over the limit is
          explained once, by the count under the composer, which also says by how much. */}
      {failure && !closed && !(tooLong && failure === CHAT_MESSAGES.tooLong) ? (
        <div className="mt-2">
          <Alert>{failure}</Alert>
        </div>
      ) : null}
      {closed ? (
        <div
          ref={closedNoticeRef}
          id={`closed-${pairId}`}
          tabIndex={-1}
          className={`mt-2 rounded-lg ${focusTargetClass}`}
        >
          {closedNotice ?? <BlockedNotice username={contact.username} blockedByMe={block === "blocked-by-me"} />}
        </div>
      ) : null}
      <div className="mt-1 flex min-h-4 items-start justify-between gap-2 text-xs text-slate-600">
        <p aria-live="polite" className="min-w-0">
          {otherTyping ? `${contact.username} is typing…` : ""}
        </p>
        {/* This device's connection (spec section 4), by the composer it concerns. */}
        <p aria-live="polite" className="shrink-0 font-medium">
          {CONNECTION_LABELS[connection] ? (
            <>
              <span
                aria-hidden="true"
                className={`mr-1.5 inline-block h-2 w-2 rounded-full ${CONNECTION_DOTS[connection]}`}
              />
              {CONNECTION_LABELS[connection]}
            </>
          ) : null}
          {/* Without the live socket (no scripts yet, or at all), new messages come with a reload. */}
          {connection === "online" ? null : (
            <>
              {CONNECTION_LABELS[connection] ? " · " : null}
              <a href={form.path} className={plainLinkClass}>
                {CONVERSATION_TEXTS.refresh}
                <span className="sr-only">{CONVERSATION_TEXTS.refreshContext}</span>
              </a>
            </>
          )}
        </p>
      </div>
      {imagePreview ? (
        <div className="mt-3 flex items-center gap-3 rounded-lg bg-slate-50 p-2">
          <img src={imagePreview} alt="Chosen to send" className="h-16 w-16 rounded object-cover" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm text-slate-700">{image?.name}</p>
            {uploading ? <ProgressBar value={progress ?? 0} label="Uploading image" /> : null}
          </div>
          <button
            type="button"
            onClick={() => setImage(null)}
            disabled={uploading}
            className="rounded-full px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-200"
          >
            Remove<span className="sr-only"> the chosen image</span>
          </button>
        </div>
      ) : null}
      <CrisisBanner
        banner={crisisBanner}
        contactName={contact.username}
        supportPath={supportPath}
        onClosed={() => inputRef.current?.focus()}
      />
      <form
        // Closed by a block: the unsent text stays in view (read-only) and in the stored draft. Closed
        // by the desk, the read-only composer stays in view: it opens as soon as the listener takes it.
        hidden={closedByBlock && draft === ""}
        // Without scripts (or before they run) the browser posts it to the page's action, which hands
        // the message to the room; with them it goes over the socket.
        method="post"
        action={form.path}
        encType="multipart/form-data"
        className="mt-3 flex items-end gap-2 no-js:flex-wrap"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <input type="hidden" name={COMPOSER_FIELDS.intent} value={SEND_INTENT} />
        <input type="hidden" name={COMPOSER_FIELDS.clientId} value={form.token} />
        <label
          hidden={closed}
          // Without scripts the browser's own file field shows what was chosen, on its own row.
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
            ref={fileInputRef}
            type="file"
            name={COMPOSER_FIELDS.image}
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            className="sr-only no-js:not-sr-only no-js:max-w-full no-js:min-w-0 no-js:text-slate-700"
            onChange={(event) => void chooseImage(event.currentTarget.files?.[0] ?? null)}
          />
        </label>
        <label htmlFor={`composer-${pairId}`} className="sr-only">
          Message {contact.username}
        </label>
        <textarea
          ref={inputRef}
          id={`composer-${pairId}`}
          name={COMPOSER_FIELDS.text}
          rows={1}
          value={draft}
          dir="auto"
          readOnly={closed}
          aria-invalid={tooLong || undefined}
          aria-describedby={
            closed ? `closed-${pairId}` : draft.length >= COMPOSER_COUNTER_FROM ? `composer-count-${pairId}` : undefined
          }
          placeholder={CONVERSATION_TEXTS.placeholder}
          onChange={(event) => {
            setDraft(event.target.value);
            typing.touch();
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          // Without scripts the box grows with its text where the browser can (field-sizing).
          className="block max-h-32 min-h-11 min-w-0 flex-1 resize-none rounded-2xl border border-slate-300 px-3.5 py-2.5 text-base text-slate-900 focus:outline-2 focus:outline-brand-600 aria-invalid:border-red-600 no-js:field-sizing-content"
        />
        <button
          type="submit"
          // Until the page's scripts run, the form is the browser's to post: never disabled then.
          disabled={hydrated && !canSend}
          className="h-11 shrink-0 rounded-full bg-brand-700 px-4 font-semibold sm:px-5 text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Send
        </button>
      </form>
      <ComposerCount id={`composer-count-${pairId}`} length={draft.length} />
      <ImageViewer image={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/**
 * Whether the conversation is closed by a block, from whichever spoke last: the room (live, the
 * moment a block is made or lifted) or the page's loader (after the person's own block or unblock,
 * before the room's sockets reconnect).
 */
function useClosedByBlock(block: ConversationBlock, closedLive: boolean): boolean {
  const [closed, setClosed] = useState(block !== "none");
  useEffect(() => setClosed(block !== "none"), [block]);
  useEffect(() => setClosed(closedLive), [closedLive]);
  return closed;
}

/** A plain link of the conversation (Refresh, earlier messages): at least 24 px tall (WCAG 2.2, 2.5.8). */
const plainLinkClass =
  "inline-flex min-h-6 items-center font-semibold text-brand-700 underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-brand-700";

const CONNECTION_DOTS: Record<ConnectionState, string> = {
  unknown: "bg-slate-400",
  online: "bg-emerald-500",
  offline: "bg-red-600",
  reconnecting: "bg-amber-500",
};

/** The contact's presence from the server: online now, or when they were last seen. */
function ContactPresence({ username, presence }: { username: string; presence: Presence | null }) {
  if (!presence) return null;
  return (
    <p className="text-xs text-slate-600" aria-live="polite">
      <span className="sr-only">{username} is </span>
      {presence.online ? (
        <>
          <span aria-hidden="true" className="mr-1.5 inline-block h-2 w-2 rounded-full bg-emerald-500" />
          Online
        </>
      ) : presence.lastSeen ? (
        <LocalTime timestamp={presence.lastSeen} prefix="Last seen " />
      ) : (
        "Offline"
      )}
    </p>
  );
}

/**
 * Near the limit the composer counts; past it (a long paste) it says so and keeps every character,
 * so the person can shorten the text rather than lose the end of it.
 */
function ComposerCount({ id, length }: { id: string; length: number }) {
  if (length < COMPOSER_COUNTER_FROM) return null;
  const over = length > MAX_MESSAGE_TEXT;
  return (
    <p id={id} aria-live="polite" className={`mt-1 text-right text-xs ${over ? "text-red-700" : "text-amber-800"}`}>
      {over ? `${CHAT_MESSAGES.tooLong} This one has ${length.toLocaleString("en-US")}.` : null}
      {over ? null : `${length.toLocaleString("en-US")} / ${MAX_MESSAGE_TEXT.toLocaleString("en-US")}`}
    </p>
  );
}

/** How often 'typing' is repeated while someone types, and how long a pause means they stopped. */
const TYPING_REPEAT_MS = 2000;
const TYPING_IDLE_MS = 3000;

/** Tells the other member when this person types: at most every 2 s, and 'stopped' after 3 quiet s. */
function useTypingSignal(setTyping: (typing: boolean) => void) {
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
