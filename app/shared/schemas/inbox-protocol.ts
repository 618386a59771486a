import { z } from "./zod-mini";

/** How long ago a page's last activity was, as its heartbeat reports it (a day at most). */
export const ActivityIdleMsSchema = z.int().check(z.minimum(0), z.maximum(24 * 60 * 60 * 1000));

/** A conversation as one member sees it in their list (the spec's users/{uid}/chats/{contactId}). */
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
 * A support conversation as its holder's inbox knows it (docs/decisions/181-a-listeners-own-inbox-knows-who-waits-for-their-reply.md):
 * whether the visitor wrote last and since when, the crisis flag, the visitor's newest words. Only
 * the listener holding it (the admin when they do) ever receives it.
 */
export const HeldConversationSchema = z.object({
  pairId: z.string(),
  visitorId: z.string(),
  visitorName: z.string(),
  /** When the visitor's oldest unanswered message was written (null: the support account spoke last). */
  waitingSince: z.nullable(z.number()),
  /** The start of the visitor's newest message (empty before they wrote). */
  preview: z.string(),
  /** The seq of the visitor's newest message (0: none): a rise is a new message. */
  visitorSeq: z.int().check(z.minimum(0)),
  crisis: z.boolean(),
});
export type HeldConversation = z.infer<typeof HeldConversationSchema>;

/**
 * What the inbox socket pushes to the user's open pages. The browser parses every frame with this
 * schema and the worker's type is inferred from it: one definition of the protocol.
 */
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
  // The answer to a page's activity heartbeat: the latest activity the server knows (another device
  // may have been active later) and the server's clock, so the page compares them in its own.
  z.object({ type: z.literal("activity"), lastActivity: z.number(), serverNow: z.number() }),
  // A listener's held support conversations, whenever one of them changes (and as the socket opens).
  z.object({ type: z.literal("held"), conversations: z.array(HeldConversationSchema) }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type InboxFrame = z.infer<typeof InboxFrameSchema>;

/**
 * What a page tells its inbox: it received a conversation's messages up to seq ('delivered'), and
 * the activity heartbeat: how long ago the person was last active on the page, sent as
 * the socket opens and then every check interval while there was activity since the last one.
 */
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
