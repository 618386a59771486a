import type { VisitorDeskStatus } from "./desk";
import type { ChatMessage } from "./schemas/chat-protocol";

export const RENDERED_MESSAGES = 100;

/** A plain link without scripts. */
export const EARLIER_PARAM = "before";

/** With scripts the same data is what the live page starts from. */
export type ConversationView = {
  messages: ChatMessage[];
  hasOlder: boolean;
  receipts: { readSeq: number; deliveredSeq: number };
  sessionNotice: string | null;
  desk: VisitorDeskStatus | null;
};

export const EMPTY_CONVERSATION_VIEW: ConversationView = {
  messages: [],
  hasOlder: false,
  receipts: { readSeq: 0, deliveredSeq: 0 },
  sessionNotice: null,
  desk: null,
};

export type ComposerRefusal = { message: string; typed: string };

export const COMPOSER_FIELDS = {
  intent: "intent",
  /** A fresh temp- id per rendered page: the room's de-duplication key. */
  clientId: "clientId",
  text: "text",
  image: "image",
} as const;

export const SEND_INTENT = "send";

/** Spec section 3's temp- id, so a form posted twice is de-duplicated like a resend. */
export function newFormToken(): string {
  return `temp-${crypto.randomUUID()}`;
}

/** Browsers send a textarea's line breaks as CRLF, which would count twice against the length limit. */
export function postedText(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
}
