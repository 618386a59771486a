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
type ConversationBlock = "none" | "blocked-by-me" | "blocked-me";

/** Holds what the header, the list and the composer share; the desk composes its variant through these props. */
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
  /** On the support desk, the support account the listener writes as. */
  me: { id: string };
  contact: Contact;
  pairId: string;
  presence: Presence | null;
  headerActions?: ReactNode;
  onReport?: (seq: number) => void;
  block?: ConversationBlock;
  socketPath?: string;
  /** The history stays live and the composer read-only, keeping what was typed. */
  lockedNotice?: ReactNode;
  withdrawnNotice?: ReactNode;
  initial: ConversationView;
  /** Its token makes a second post of it store nothing more. */
  form: { path: string; token: string };
  refusal?: ComposerRefusal | null;
  /** Not on the desk: a listener must never end up acting as their own account towards a visitor. */
  profileLink?: boolean;
  composerText?: string;
  composerTools?: (insert: (text: string) => void) => ReactNode;
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
  const closedNotice = closedByBlock ? null : chat.withdrawn && withdrawnNotice ? withdrawnNotice : lockedNotice;
  const closed = closedByBlock || !!closedNotice;
  // Once open again, a send refused while closed is old news.
  const { setFailure } = composer;
  useEffect(() => {
    if (!closed) setFailure(null);
  }, [closed, setFailure]);
  // For who blocked whom and the contact's presence.
  const { revalidate } = useRevalidator();
  const closedLiveBefore = useRef(chat.closed);
  useEffect(() => {
    if (closedLiveBefore.current === chat.closed) return;
    closedLiveBefore.current = chat.closed;
    revalidate();
  }, [chat.closed, revalidate]);
  // A block or unblock removes the control that had focus.
  const closedNoticeRef = useRef<HTMLDivElement>(null);
  useFocusWhenLost(closedNoticeRef, `${closed}:${block}`);
  useFocusWhenLost(inputRef, `${closed}:${block}`);

  const showNewest = useStickToNewest(listRef);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the list grows
  useEffect(() => {
    showNewest();
  }, [messages.length]);

  // A hidden tab reads them when it is shown again.
  useEffect(() => {
    // The messages the server rendered were there before the socket was.
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
  const isSupportConversation = contact.id === supportUserId && me.id !== supportUserId;
  const firstShown = initial.messages[0]?.seq;
  const earlierPath =
    initial.hasOlder && firstShown && connection !== "online" ? `${form.path}?${EARLIER_PARAM}=${firstShown}` : null;
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
 * Whichever spoke last: the room, or the loader after the person's own block or unblock, before the
 * sockets reconnect.
 */
function useClosedByBlock(block: ConversationBlock, closedLive: boolean): boolean {
  const [closed, setClosed] = useState(block !== "none");
  useEffect(() => setClosed(block !== "none"), [block]);
  useEffect(() => setClosed(closedLive), [closedLive]);
  return closed;
}
