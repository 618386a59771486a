import { z } from "./zod-mini";

/** A day at most. */
export const ActivityIdleMsSchema = z.int().check(z.minimum(0), z.maximum(24 * 60 * 60 * 1000));

/** The spec's users/{uid}/chats/{contactId}. */
export const ChatSummarySchema = z.object({
  contactId: z.string(),
  contactName: z.string(),
  pairId: z.string(),
  lastMessage: z.string(),
  lastMessageTime: z.number(),
  lastSeq: z.int().check(z.minimum(0)),
  unread: z.boolean(),
});
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

/**
 * Only the listener holding it ever receives it
 * (docs/decisions/181-a-listeners-own-inbox-knows-who-waits-for-their-reply.md).
 */
export const HeldConversationSchema = z.object({
  pairId: z.string(),
  visitorId: z.string(),
  visitorName: z.string(),
  /** Null: the support account spoke last. */
  waitingSince: z.nullable(z.number()),
  preview: z.string(),
  /** A rise is a new message. */
  visitorSeq: z.int().check(z.minimum(0)),
  crisis: z.boolean(),
});
export type HeldConversation = z.infer<typeof HeldConversationSchema>;

/** The worker's type is inferred from it: one definition of the protocol. */
export const InboxFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("inbox"), unread: z.int().check(z.minimum(0)), chats: z.array(ChatSummarySchema) }),
  z.object({
    type: z.literal("new-message"),
    contactId: z.string(),
    contactName: z.string(),
    preview: z.string(),
    pairId: z.string(),
    seq: z.int().check(z.minimum(1)),
  }),
  // The server's clock too, so the page compares in its own.
  z.object({ type: z.literal("activity"), lastActivity: z.number(), serverNow: z.number() }),
  z.object({ type: z.literal("held"), conversations: z.array(HeldConversationSchema) }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type InboxFrame = z.infer<typeof InboxFrameSchema>;

export const InboxClientFrameSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("delivered"),
    pairId: z.string().check(z.minLength(3), z.maxLength(200)),
    seq: z.int().check(z.minimum(1)),
  }),
  z.object({ type: z.literal("activity"), idleMs: ActivityIdleMsSchema }),
]);
export type InboxClientFrame = z.infer<typeof InboxClientFrameSchema>;

export type InboxState = { unread: number; chats: ChatSummary[] };
