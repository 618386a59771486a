import { memo, type ReactNode, type RefObject } from "react";
import { LocalTime } from "~/components/ui/local-time";
import type { TimelineRow } from "~/lib/desk-timeline";
import { OPENS_AT_NEWEST_ATTRIBUTE } from "~/lib/newest-in-view";
import type { DisplayMessage, MessageStatus } from "~/lib/shown-messages";
import { m } from "~/paraglide/messages";
import { REPORT_TEXTS } from "~/shared/safety";
import { ImageThumbnail, type ViewedImage } from "./chat-image";
import { CONVERSATION_TEXTS, plainLinkClass } from "./conversation-texts";
import { DeskEventRow } from "./desk-status-line";

const STATUS_LABELS: Record<MessageStatus, () => string> = {
  sending: m.chat_sending,
  sent: m.chat_status_sent,
  delivered: m.chat_status_delivered,
  read: m.chat_status_read,
};

export function MessageList({
  listRef,
  meId,
  contactName,
  timeline,
  empty,
  earlierPath,
  sessionNotice,
  onReport,
  onView,
  footer,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  meId: string;
  contactName: string;
  timeline: TimelineRow<DisplayMessage>[];
  empty: boolean;
  /** Null: nowhere. */
  earlierPath: string | null;
  sessionNotice: string | null;
  onReport?: (seq: number) => void;
  onView: (image: ViewedImage) => void;
  footer?: ReactNode;
}) {
  return (
    <div
      ref={listRef}
      role="log"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a long conversation scrolls, and the keyboard must reach it to scroll it (WCAG 2.1.1)
      tabIndex={0}
      aria-label={m.chat_messages_with({ name: contactName })}
      aria-live="polite"
      // Without scripts a reversed flex column opens the list at its newest; with them the boot script
      // places it before the first paint and the browser's scroll anchoring is off.
      {...{ [OPENS_AT_NEWEST_ATTRIBUTE]: "" }}
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
        {empty ? (
          <div className="py-10 text-center">
            <p className="font-medium text-slate-800">{CONVERSATION_TEXTS.noMessages}</p>
            <p className="text-sm text-slate-600">{CONVERSATION_TEXTS.sayHello}</p>
          </div>
        ) : null}
        <ol className="space-y-2">
          {timeline.map(({ message, event }) =>
            event ? (
              <DeskEventRow key={`desk-${event.kind}-${event.at}`} event={event} />
            ) : (
              <MessageBubble
                key={message.clientId}
                message={message}
                mine={message.senderId === meId}
                contactName={contactName}
                onReport={onReport}
                onView={onView}
              />
            ),
          )}
        </ol>
        {sessionNotice ? (
          <p
            role="status"
            className="mx-auto mt-3 max-w-md rounded-lg bg-amber-50 px-3 py-2 text-center text-xs text-amber-950"
          >
            {sessionNotice}
          </p>
        ) : null}
        {/* Last, so it never takes the messages' room on a small phone. */}
        {footer}
      </div>
    </div>
  );
}

type BubbleProps = {
  message: DisplayMessage;
  mine: boolean;
  contactName: string;
  onReport?: (seq: number) => void;
  onView: (image: ViewedImage) => void;
};

/** Memoized: a long conversation on a slow phone must not redraw every bubble on each keystroke. */
const MessageBubble = memo(function MessageBubble({ message, mine, contactName, onReport, onView }: BubbleProps) {
  return (
    <li className={`flex ${mine ? "justify-end" : "justify-start"}`}>
      <div
        className={`min-w-0 max-w-[80%] rounded-2xl px-3.5 py-2 ${mine ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900"}`}
      >
        <span className="sr-only">{mine ? m.chat_you() : contactName}: </span>
        {message.imageUrl ? (
          <ImageThumbnail
            src={message.imageUrl}
            alt={mine ? CONVERSATION_TEXTS.imageYouSent : CONVERSATION_TEXTS.imageFrom(contactName)}
            onOpen={onView}
          />
        ) : null}
        {/* Plain text, never HTML: React escapes it. */}
        {message.text ? (
          <p dir="auto" className="whitespace-pre-wrap [overflow-wrap:anywhere]">
            {message.text}
          </p>
        ) : null}
        <p className={`mt-1 text-right text-[11px] ${mine ? "text-brand-100" : "text-slate-600"}`}>
          <LocalTime timestamp={message.timestamp} />
          {mine ? ` · ${STATUS_LABELS[message.status]()}` : ""}
        </p>
        {!mine && onReport ? (
          // At least 24 × 24 px (WCAG 2.2, 2.5.8); without scripts the profile takes a report instead.
          <button
            type="button"
            onClick={() => onReport(message.seq)}
            className="no-js:hidden -mx-1 mt-0.5 -mb-1 inline-flex min-h-6 min-w-6 items-center rounded px-1 text-xs font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {REPORT_TEXTS.messageButton}
            <span className="sr-only">{m.chat_report_context({ name: contactName })}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}, sameBubble);

function sameBubble(before: BubbleProps, after: BubbleProps): boolean {
  const [a, b] = [before.message, after.message];
  return (
    before.mine === after.mine &&
    before.contactName === after.contactName &&
    before.onReport === after.onReport &&
    before.onView === after.onView &&
    a.clientId === b.clientId &&
    a.seq === b.seq &&
    a.text === b.text &&
    a.imageUrl === b.imageUrl &&
    a.timestamp === b.timestamp &&
    a.status === b.status
  );
}
