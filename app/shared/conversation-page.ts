import type { VisitorDeskStatus } from "./desk";
import type { ChatMessage } from "./schemas/chat-protocol";

/**
 * A conversation's page without its socket: what the server renders of it, and the
 * composer's form that posts to the page's own action, for the browser, the route modules, the
 * worker and the tests alike.
 */

/** The page renders at most this many of a conversation's messages, the newest. */
export const RENDERED_MESSAGES = 100;

/** `?before={seq}`: the page of messages older than `seq` (a plain link without scripts). */
export const EARLIER_PARAM = "before";

/**
 * A conversation as the server renders it: the newest messages (oldest first, newest at the bottom),
 * where the other member has read and received up to, the room's 20-minute notice while it stands,
 * and, for a visitor's support conversation, where it stands on the desk. With scripts the same
 * data is what the live page starts from.
 */
export type ConversationView = {
  messages: ChatMessage[];
  /** Whether the conversation has messages before the first one here. */
  hasOlder: boolean;
  /** The other member's read and delivered positions: 'Read' and 'Delivered' under one's messages. */
  receipts: { readSeq: number; deliveredSeq: number };
  /** The room's session notice, while the session it was given for goes on (else null). */
  sessionNotice: string | null;
  /** A visitor's support conversation: the desk's word (null elsewhere, and before it said any). */
  desk: VisitorDeskStatus | null;
};

/** A view of a conversation with nothing in it yet. */
export const EMPTY_CONVERSATION_VIEW: ConversationView = {
  messages: [],
  hasOlder: false,
  receipts: { readSeq: 0, deliveredSeq: 0 },
  sessionNotice: null,
  desk: null,
};

/** A composer's post the room refused: why, and what was typed, to put back in the composer. */
export type ComposerRefusal = { message: string; typed: string };

/** The composer's fields when it is posted as a form (without scripts, or before they run). */
export const COMPOSER_FIELDS = {
  intent: "intent",
  /** The form token: a fresh temp- id per rendered page, the room's de-duplication key. */
  clientId: "clientId",
  text: "text",
  image: "image",
} as const;

/** The composer's intent, beside the page's other forms (block, report; take, transfer...). */
export const SEND_INTENT = "send";

/**
 * A fresh form token for a rendered composer: a temp- id like the ones the live page gives its
 * messages (spec section 3), so the room de-duplicates a form posted twice as it does a resend.
 */
export function newFormToken(): string {
  return `temp-${crypto.randomUUID()}`;
}

/**
 * A form's text as the person wrote it: browsers send a textarea's line breaks as CRLF, which the
 * live page never sends and which would count twice against the length limit.
 */
export function postedText(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
}
