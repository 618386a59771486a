import { SESSION_LIMIT_TEXT } from "~/shared/schemas/chat-protocol";

/** The conversation screen's own words (docs/requirements.md, the chat screen). */
export const CONVERSATION_TEXTS = {
  sessionNotice: SESSION_LIMIT_TEXT,
  noMessages: "No messages yet",
  sayHello: "Start the conversation by saying hello!",
  /** Without the live socket (no scripts), new messages show when the page is loaded again. */
  refresh: "Refresh",
  refreshContext: " to see new messages",
  earlier: "Show earlier messages",
  attach: "Attach an image",
  send: "Send",
  /** The composer posted before the framework arrived, until the page comes back with the message. */
  sending: "Sending…",
  sendingMessage: "Sending your message…",
  /** Short enough for one line in a 320 px composer. */
  placeholder: "Message…",
  /** An image message's alt text: who sent it, since the picture itself is not described. */
  imageYouSent: "Image you sent",
  imageFrom: (username: string) => `Image from ${username}`,
} as const;

/** A plain link of the conversation (Refresh, earlier messages): at least 24 px tall (WCAG 2.2, 2.5.8). */
export const plainLinkClass =
  "inline-flex min-h-6 items-center font-semibold text-brand-700 underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-brand-700";
