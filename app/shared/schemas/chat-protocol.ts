import { m } from "~/paraglide/messages";
import { VisitorDeskStatusSchema } from "~/shared/desk";
import { z } from "./zod-mini";

/** Limits of a chat message (spec sections 5 and 9; issue: text at most 4,000 characters). */
export const MAX_MESSAGE_TEXT = 4000;
/** A reconnecting client receives at most this many missed messages per answer, then asks again. */
export const MAX_RESUME_BATCH = 500;
/**
 * A socket may ask for this many pages of history (resume frames) at once, and then
 * HISTORY_PAGES_PER_SECOND: a page can carry MAX_RESUME_BATCH messages, so unlimited asking would let
 * one socket flood the room with replies and delay everyone else's messages. A client catching up
 * a long history goes past the burst and waits HISTORY_RETRY_MS before asking again.
 */
export const HISTORY_BURST = 10;
export const HISTORY_PAGES_PER_SECOND = 2;
/** How long a client waits after a refused history request: a page's worth of the budget is back. */
export const HISTORY_RETRY_MS = 1000 / HISTORY_PAGES_PER_SECOND;

/** A conversation session lasts this long before both members get the notice (spec section 2). */
export const SESSION_LENGTH_MS = 20 * 60 * 1000;

/**
 * What the room and the conversation say, in the current language: a refusal the server words in a
 * request (a page's form) speaks its language; a socket's frame has no request, so the room words
 * it in English and the page says it again from its code (`chatRefusalText`).
 */
export const CHAT_MESSAGES = {
  /** The spec's notice once a session has lasted SESSION_LENGTH_MS (section 2). */
  get sessionNotice() {
    return m.chat_session_notice();
  },
  get sendFailed() {
    return m.chat_send_failed();
  },
  get emptyMessage() {
    return m.chat_empty_message();
  },
  get tooLong() {
    return m.chat_too_long({ max: MAX_MESSAGE_TEXT });
  },
  get rateLimited() {
    return m.chat_rate_limited();
  },
  get historyLimited() {
    return m.chat_history_limited();
  },
  get badFrame() {
    return m.chat_bad_frame();
  },
  get notYourImage() {
    return m.chat_not_your_image();
  },
  get notAMember() {
    return m.chat_not_a_member();
  },
};

/** Temporary local message ids begin with temp- (spec section 3). */
const CLIENT_ID_PATTERN = /^temp-[A-Za-z0-9_-]{1,64}$/;
const MAX_IMAGE_URL = 300;
/** A message needs words or an image. */
const hasContent = (frame: { text: string; imageUrl?: string | null }) =>
  frame.text.trim().length > 0 || !!frame.imageUrl;

/** A message's place in its conversation: 1, 2, 3… (0: before the first). */
const SeqSchema = z.int().check(z.minimum(0));

export const ClientFrameSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("send"),
      clientId: z.string().check(z.regex(CLIENT_ID_PATTERN)),
      // Worded as the frame is read, in the language of the request reading it.
      text: z.string().check(z.maxLength(MAX_MESSAGE_TEXT, { error: () => CHAT_MESSAGES.tooLong })),
      imageUrl: z.optional(z.nullable(z.string().check(z.maxLength(MAX_IMAGE_URL)))),
    })
    .check(z.refine(hasContent, { error: () => CHAT_MESSAGES.emptyMessage })),
  z.object({ type: z.literal("resume"), afterSeq: SeqSchema }),
  z.object({ type: z.literal("read"), upToSeq: SeqSchema }),
  /** The client has received messages up to this seq (it may not have looked at them yet). */
  z.object({ type: z.literal("delivered"), upToSeq: SeqSchema }),
  z.object({ type: z.literal("typing"), typing: z.boolean() }),
  /** Asks for the other member's presence; answered with a 'presence' frame. */
  z.object({ type: z.literal("presence") }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;
export type SendFrame = Extract<ClientFrame, { type: "send" }>;

/**
 * A send frame that plainly passes ClientFrameSchema, checked by the same rules without zod, or null
 * for anything else (which then goes through the schema, whose messages every refusal uses). It is
 * the room's hot path: in workerd, zod's parse was about a tenth of a message's time.
 */
export function plainSendFrame(value: unknown): SendFrame | null {
  if (typeof value !== "object" || value === null) return null;
  const { type, clientId, text, imageUrl, ...others } = value as Record<string, unknown>;
  if (type !== "send" || Object.keys(others).length > 0) return null;
  if (typeof clientId !== "string" || !CLIENT_ID_PATTERN.test(clientId)) return null;
  if (typeof text !== "string" || text.length > MAX_MESSAGE_TEXT) return null;
  if (imageUrl === undefined) return hasContent({ text }) ? { type, clientId, text } : null;
  if (imageUrl !== null && (typeof imageUrl !== "string" || imageUrl.length > MAX_IMAGE_URL)) return null;
  return hasContent({ text, imageUrl }) ? { type, clientId, text, imageUrl } : null;
}

/**
 * What the room sends, as the browser checks it: every frame is parsed with
 * ServerFrameSchema before it is used, and the types the worker sends are inferred from the same
 * schemas, so the two sides cannot drift apart. A frame that does not fit is logged and ignored.
 */

const ChatMessageSchema = z.object({
  seq: SeqSchema,
  clientId: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  text: z.string(),
  imageUrl: z.nullable(z.string()),
  timestamp: z.number(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A person's presence as others see it: online now, or when they were last seen (null: never). */
const PresenceSchema = z.object({ online: z.boolean(), lastSeen: z.nullable(z.number()) });
export type Presence = z.infer<typeof PresenceSchema>;

/** Why the room refused a frame; 'blocked' also means the conversation is closed. */
const CHAT_ERROR_CODES = [
  "bad_frame",
  "too_long",
  "empty",
  "rate_limited",
  // A socket asked for history faster than HISTORY_PAGES_PER_SECOND; it may ask again later.
  "history_limited",
  "bad_image",
  "blocked",
  // A listener wrote in a support conversation the desk has not given them.
  "not_assigned",
] as const;

/** The room's refusals worded by the chat itself, by code; a block's and the desk's are worded by their own rules. */
const CHAT_REFUSAL_TEXTS: Partial<Record<string, () => string>> = {
  bad_frame: () => CHAT_MESSAGES.badFrame,
  too_long: () => CHAT_MESSAGES.tooLong,
  empty: () => CHAT_MESSAGES.emptyMessage,
  rate_limited: () => CHAT_MESSAGES.rateLimited,
  history_limited: () => CHAT_MESSAGES.historyLimited,
  bad_image: () => CHAT_MESSAGES.notYourImage,
  not_a_member: () => CHAT_MESSAGES.notAMember,
};

/**
 * A refusal of the room's in the current language, said again from its code: the room has no
 * request to speak the reader's language in. A code with no words of the chat's keeps the room's.
 */
export function chatRefusalText(code: string, message: string): string {
  return CHAT_REFUSAL_TEXTS[code]?.() ?? message;
}

export const ServerFrameSchema = z.discriminatedUnion("type", [
  // The answer to a resend of a message already stored; a new message's answer is its own frame.
  z.object({ type: z.literal("ack"), clientId: z.string(), seq: SeqSchema, timestamp: z.number() }),
  // A new message, to every socket of the room: the sender's copy is its acknowledgement.
  z.object({ type: z.literal("message"), message: ChatMessageSchema }),
  // What a reconnecting client missed, a batch at a time ('resume'); `hasMore` asks for the next.
  z.object({
    type: z.literal("messages"),
    mode: z.literal("resume"),
    messages: z.array(ChatMessageSchema),
    hasMore: z.boolean(),
  }),
  z.object({ type: z.literal("read"), userId: z.string(), upToSeq: SeqSchema }),
  z.object({ type: z.literal("delivered"), userId: z.string(), upToSeq: SeqSchema }),
  z.object({ type: z.literal("typing"), userId: z.string(), typing: z.boolean() }),
  z.object({ type: z.literal("session-notice"), message: z.string() }),
  z.extend(PresenceSchema, { type: z.literal("presence"), userId: z.string() }),
  // A support conversation's place on the desk, to its visitor only.
  VisitorDeskStatusSchema,
  z.object({
    type: z.literal("error"),
    code: z.enum(CHAT_ERROR_CODES),
    message: z.string(),
    clientId: z.optional(z.string()),
  }),
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
