import { type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ImageViewer } from "~/components/deferred";
import { BlockedNotice, focusTargetClass } from "~/components/safety/block-controls";
import { Alert } from "~/components/ui/form-controls";
import { useChatSocket } from "~/hooks/use-chat-socket";
import { useFocusWhenLost } from "~/hooks/use-focus-when-lost";
import { useHydrated } from "~/hooks/use-hydrated";
import { useStickToNewest } from "~/hooks/use-stick-to-newest";
import { withDeskEvents } from "~/lib/desk-timeline";
import { usePublicConfig } from "~/lib/public-config";
import { UploadError, uploadImage } from "~/lib/upload-image";
import { type ComposerRefusal, type ConversationView, EARLIER_PARAM } from "~/shared/conversation-page";
import { containsCrisisPhrase } from "~/shared/crisis-phrases";
import type { VisitorDeskAnswer } from "~/shared/desk-operations";
import { chatWith } from "~/shared/routes";
import { CHAT_MESSAGES, type Presence } from "~/shared/schemas/chat-protocol";
import { UPLOAD_MESSAGES } from "~/shared/uploads";
import type { ViewedImage } from "./chat-image";
import {
  ChosenImage,
  ComposerCount,
  ComposerForm,
  ComposerStatus,
  useComposerState,
  useTypingSignal,
} from "./composer";
import { ConversationHeader } from "./conversation-header";
import { CrisisBanner, useCrisisBanner } from "./crisis-banner";
import { DeskStatusLine } from "./desk-status-line";
import { MessageList } from "./message-list";
import { VisitorDeskForms } from "./visitor-desk-forms";

type Contact = { id: string; username: string };
/** Whether a block closes the conversation, as the page's loader last said (who blocked whom). */
type ConversationBlock = "none" | "blocked-by-me" | "blocked-me";

/**
 * One conversation: live messages over the room's socket and a composer that never loses text. Its
 * parts are the header, the message list and the composer; this component holds what they share
 * (the socket, the block, the crisis help) and the desk's variant is composed by its route
 * (app/routes/desk/desk-conversation.tsx) through `socketPath`, the notices and `profileLink`.
 */
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
  composerText = "",
  composerTools,
  visitorDeskAnswer = null,
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
  /** Text the composer's box starts with (the desk's saved reply chosen without scripts). */
  composerText?: string;
  /**
   * Controls beside the composer while it is open (the desk's saved replies), given the way to put
   * text into it.
   */
  composerTools?: (insert: (text: string) => void) => ReactNode;
  /** The page's answer to the visitor's own desk forms (End conversation, the survey). */
  visitorDeskAnswer?: VisitorDeskAnswer | null;
}) {
  const composer = useComposerState(me.id, pairId, refusal, composerText);
  const { draft, image, inputRef } = composer;
  const hydrated = useHydrated();
  const [viewing, setViewing] = useState<ViewedImage | null>(null);
  const chat = useChatSocket({
    pairId,
    userId: me.id,
    socketPath,
    initialPresence: presence,
    initialClosed: block !== "none",
    initial,
    onSendFailed: composer.sendFailed,
  });
  const { messages, connection, lastSeq, markRead, deskStatus } = chat;
  const listRef = useRef<HTMLDivElement>(null);
  const closedByBlock = useClosedByBlock(block, chat.closed);
  // Besides a block, the desk can close the composer: not taken yet, or no longer this listener's.
  const closedNotice = closedByBlock ? null : chat.withdrawn && withdrawnNotice ? withdrawnNotice : lockedNotice;
  const closed = closedByBlock || !!closedNotice;
  // A send refused while closed is explained by the notice; once open again it is old news.
  const { setFailure } = composer;
  useEffect(() => {
    if (!closed) setFailure(null);
  }, [closed, setFailure]);
  // The room says a block closed (or reopened) the conversation: the page asks its loader again, for
  // who blocked whom and the contact's presence.
  const { revalidate } = useRevalidator();
  const closedLiveBefore = useRef(chat.closed);
  useEffect(() => {
    if (closedLiveBefore.current === chat.closed) return;
    closedLiveBefore.current = chat.closed;
    revalidate();
  }, [chat.closed, revalidate]);
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

  // Messages arriving while the conversation is visible are read (unread is cleared whenever
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

  const typing = useTypingSignal(chat.setTyping);
  const uploading = composer.progress !== null;
  const canSend = (draft.trim().length > 0 || image !== null) && !uploading && !composer.tooLong && !closed;
  const submit = async () => {
    if (!canSend) return;
    setFailure(null);
    let imageUrl: string | null = null;
    if (image) {
      try {
        composer.setProgress(0);
        imageUrl = (await uploadImage(image, { purpose: "chat", pairId, onProgress: composer.setProgress })).url;
      } catch (error) {
        // Text and image stay in the composer to try again.
        setFailure(error instanceof UploadError ? error.message : UPLOAD_MESSAGES.networkError);
        return;
      } finally {
        composer.setProgress(null);
      }
    }
    chat.send(draft, imageUrl);
    typing.stop();
    composer.setDraft("");
    composer.setImage(null);
  };

  // Crisis help, decided here in the browser only.
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
  const { failure } = composer;

  return (
    <div className="flex h-[min(70vh,40rem)] flex-col">
      <ConversationHeader
        contact={contact}
        profileLink={profileLink}
        desk={isSupportConversation ? deskStatus : undefined}
        presence={closedByBlock ? null : chat.contactPresence}
        actions={headerActions}
      />
      <MessageList
        listRef={listRef}
        meId={me.id}
        contactName={contact.username}
        timeline={timeline}
        empty={chat.loaded && messages.length === 0}
        earlierPath={earlierPath}
        sessionNotice={chat.sessionNotice}
        onReport={onReport}
        onView={setViewing}
        footer={
          isSupportConversation ? (
            <>
              <DeskStatusLine status={deskStatus} crisisBannerShown={crisisBanner.audience !== null} />
              <VisitorDeskForms status={deskStatus} path={form.path} answer={visitorDeskAnswer} />
            </>
          ) : null
        }
      />
      {/* Closed by a block, the notice below says why a send came back; a text over the limit is
          explained once, by the count under the composer, which also says by how much. */}
      {failure && !closed && !(composer.tooLong && failure === CHAT_MESSAGES.tooLong) ? (
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
      <ComposerStatus
        typingName={chat.otherTyping ? contact.username : null}
        connection={connection}
        refreshPath={form.path}
      />
      <ChosenImage composer={composer} />
      <CrisisBanner
        banner={crisisBanner}
        contactName={contact.username}
        supportPath={supportPath}
        onClosed={() => inputRef.current?.focus()}
      />
      {composerTools && !closed
        ? composerTools((text) => {
            composer.insert(text);
            typing.touch();
          })
        : null}
      <ComposerForm
        composer={composer}
        pairId={pairId}
        contactName={contact.username}
        form={form}
        closed={closed}
        hidden={closedByBlock && draft === ""}
        sendEnabled={!hydrated || canSend}
        onSubmit={() => void submit()}
        onTyped={typing.touch}
      />
      <ComposerCount pairId={pairId} length={draft.length} />
      {viewing ? (
        <Suspense fallback={null}>
          <ImageViewer image={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      ) : null}
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
