import { m } from "~/paraglide/messages";
import { VisitorDeskStatusSchema } from "~/shared/desk";
import { z } from "./zod-mini";

/** Spec sections 5 and 9. */
export const MAX_MESSAGE_TEXT = 4000;
export const MAX_RESUME_BATCH = 500;
/** A page carries MAX_RESUME_BATCH messages, so unlimited asking would let one socket flood the room. */
export const HISTORY_BURST = 10;
export const HISTORY_PAGES_PER_SECOND = 2;
/** A page's worth of the budget is back by then. */
export const HISTORY_RETRY_MS = 1000 / HISTORY_PAGES_PER_SECOND;

/** Spec section 2. */
export const SESSION_LENGTH_MS = 20 * 60 * 1000;

/** A socket's frame has no request, so the room words it in English and the page says it again from its code. */
export const CHAT_MESSAGES = {
  /** Spec section 2. */
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

/** Spec section 3. */
const CLIENT_ID_PATTERN = /^temp-[A-Za-z0-9_-]{1,64}$/;
const MAX_IMAGE_URL = 300;
const hasContent = (frame: { text: string; imageUrl?: string | null }) =>
  frame.text.trim().length > 0 || !!frame.imageUrl;

/** 0: before the first. */
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
  /** Received, perhaps not yet looked at. */
  z.object({ type: z.literal("delivered"), upToSeq: SeqSchema }),
  z.object({ type: z.literal("typing"), typing: z.boolean() }),
  z.object({ type: z.literal("presence") }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;
export type SendFrame = Extract<ClientFrame, { type: "send" }>;

/** The room's hot path: in workerd, zod's parse was about a tenth of a message's time. */
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

/** The worker's types are inferred from these schemas, so the two sides cannot drift apart. */

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

/** lastSeen null: never. */
const PresenceSchema = z.object({ online: z.boolean(), lastSeen: z.nullable(z.number()) });
export type Presence = z.infer<typeof PresenceSchema>;

/** 'blocked' also means the conversation is closed. */
const CHAT_ERROR_CODES = [
  "bad_frame",
  "too_long",
  "empty",
  "rate_limited",
  "history_limited",
  "bad_image",
  "blocked",
  "not_assigned",
] as const;

const CHAT_REFUSAL_TEXTS: Partial<Record<string, () => string>> = {
  bad_frame: () => CHAT_MESSAGES.badFrame,
  too_long: () => CHAT_MESSAGES.tooLong,
  empty: () => CHAT_MESSAGES.emptyMessage,
  rate_limited: () => CHAT_MESSAGES.rateLimited,
  history_limited: () => CHAT_MESSAGES.historyLimited,
  bad_image: () => CHAT_MESSAGES.notYourImage,
  not_a_member: () => CHAT_MESSAGES.notAMember,
};

/** The room has no request to speak the reader's language in. */
export function chatRefusalText(code: string, message: string): string {
  return CHAT_REFUSAL_TEXTS[code]?.() ?? message;
}

export const ServerFrameSchema = z.discriminatedUnion("type", [
  // A new message's answer is its own frame.
  z.object({ type: z.literal("ack"), clientId: z.string(), seq: SeqSchema, timestamp: z.number() }),
  // The sender's copy is its acknowledgement.
  z.object({ type: z.literal("message"), message: ChatMessageSchema }),
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
  // To its visitor only.
  VisitorDeskStatusSchema,
  z.object({
    type: z.literal("error"),
    code: z.enum(CHAT_ERROR_CODES),
    message: z.string(),
    clientId: z.optional(z.string()),
  }),
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
